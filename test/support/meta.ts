/** Helpers for tests that go through the Meta sandbox: the OAuth consent and its control API. */
import { inject } from 'vitest';
import { sandboxControl } from '../../infra/local/client.js';

export { connectThroughSandbox, finishedJob, syncAll } from '../../infra/local/client.js';

/**
 * The sandbox's control API. `reset` also forgets which workspaces connected its pages and Instagram
 * accounts: the world is the same after a reset, and a workspace of an earlier test (its rules,
 * autopilot or troll-attack watch) would otherwise act on the next test's comments too.
 */
export async function control(path: string, body?: unknown): Promise<any> {
  const answer = await sandboxControl(process.env.META_GRAPH_URL!, path, body);
  if (path === 'reset') {
    Object.assign(process.env, inject('stackEnv')); // the stack's table, as seed.ts
    const { deletePageOwner, listPageOwners } = await import('../../functions/src/store/meta.js');
    const { pages } = await sandboxControl(process.env.META_GRAPH_URL!, 'state') as { pages: { id: string; igUserId?: string | null }[] };
    for (const id of pages.flatMap((p) => [p.id, ...(p.igUserId ? [p.igUserId] : [])])) {
      for (const owner of await listPageOwners(id)) await deletePageOwner(id, owner.workspaceId);
    }
  }
  return answer;
}
