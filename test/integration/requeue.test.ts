/** The every-minute requeue task: stuck `processing` comments and failed analyses go back to the queue, failed ones a bounded number of times. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/client.js';
import { makeComment, seed, store } from '../support/seed.js';

const { db, table } = await import('../../functions/src/store/client.js');
const { commentKey } = await import('../../functions/src/store/keys.js');
const { markAutomated } = await import('../../functions/src/store/automation.js');
const { runAutomation } = await import('../../functions/src/domain/automation.js');

/** Deps whose queue records what is sent (the analyser is not involved). */
function recording() {
  const sent: string[] = [];
  const deps = { queue: { enqueue: async (jobs: { commentId: string }[]) => { sent.push(...jobs.map((j) => j.commentId)); } }, platform: null as never, notifier: { notify: async () => undefined, disconnectMember: async () => undefined } };
  return { sent, deps };
}

/** As if the comment's last change was `ms` ago. */
async function age(workspaceId: string, id: string, ms: number) {
  await db().send(new UpdateCommand({
    TableName: table(), Key: commentKey.item(workspaceId, id), UpdateExpression: 'SET updatedAt = :t', ExpressionAttributeValues: { ':t': new Date(Date.now() - ms).toISOString() },
  }));
}

describe('the requeue task', () => {
  it('sends back a comment processing for over a minute, not one queued just now', async () => {
    const { user } = await signedIn('requeue');
    const old = makeComment({ status: 'processing', content: 'Where is my order?' });
    const fresh = makeComment({ status: 'processing', content: 'Just queued' });
    await seed(user.workspaceId, [old, fresh]);
    await markAutomated(user.workspaceId);
    await age(user.workspaceId, old.id, 61_000);
    const { sent, deps } = recording();
    await runAutomation(deps, 'requeue');
    expect(sent).toContain(old.id);
    expect(sent).not.toContain(fresh.id);
  });

  it('retries a failed analysis twice more, then leaves it pending with its error', async () => {
    const { user } = await signedIn('retry');
    const failed = makeComment({ status: 'pending', lastError: 'Analysis failed: provider timed out', content: 'Can I pay by invoice?' });
    const untouched = makeComment({ status: 'pending', content: 'Never analysed, no error' });
    await seed(user.workspaceId, [failed, untouched]);
    await markAutomated(user.workspaceId);
    const sends: number[] = [];
    for (let pass = 0; pass < 4; pass++) {
      const { sent, deps } = recording();
      await runAutomation(deps, 'requeue');
      expect(sent).not.toContain(untouched.id);
      sends.push(sent.filter((id) => id === failed.id).length);
      const s = (await store.getComment(user.workspaceId, failed.id))!;
      // The analysis fails again (as the analyser records it).
      if (s.comment.status === 'processing') await store.writeComment(s, { ...s, comment: { ...s.comment, status: 'pending', lastError: 'Analysis failed: provider timed out' } });
    }
    expect(sends).toEqual([1, 1, 0, 0]);
    const last = (await store.getComment(user.workspaceId, failed.id))!.comment;
    expect(last).toMatchObject({ status: 'pending', lastError: 'Analysis failed: provider timed out' });
  });

  it('leaves failed analyses alone when the workspace does not analyse automatically', async () => {
    const { user } = await signedIn('manual');
    const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');
    await setWorkspaceFields(user.workspaceId, { autoAnalyze: false });
    const failed = makeComment({ status: 'pending', lastError: 'Analysis failed: provider timed out' });
    await seed(user.workspaceId, [failed]);
    await markAutomated(user.workspaceId);
    const { sent, deps } = recording();
    await runAutomation(deps, 'requeue');
    expect(sent).not.toContain(failed.id);
  });
});
