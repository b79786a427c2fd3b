/**
 * A comment arriving by webhook in a workspace that analyses arrivals (receiveComment, against
 * DynamoDB Local): when nothing acts on it first it is stored directly as `processing` and queued
 * once (and found by search), its month's usage counted once; a repeated delivery changes nothing; a queue that refuses
 * leaves it pending with the error and gives the usage back. An active arrival rule or a removed
 * text it repeats still see it as it arrives.
 */
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/client.js';
import { makeComment, store } from '../support/seed.js';

const { receiveComment } = await import('../../functions/src/domain/arrivals.js');
const { actsOnArrival } = await import('../../functions/src/domain/automatic.js');
const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');
const { stores, withRequestScope } = await import('../../functions/src/domain/store-port.js');

function deps(refuse = false) {
  const queued: string[] = [];
  const messages: { type: string; status?: string }[] = [];
  const platform = new Proxy({}, { get: () => async () => { throw new Error('the platform must not be called'); } });
  return {
    queued, messages,
    deps: {
      queue: { enqueue: async (jobs: { commentId: string }[]) => { if (refuse) throw new Error('queue unavailable'); queued.push(...jobs.map((j) => j.commentId)); } },
      platform,
      notifier: { notify: async (_ws: string, m: { type: string; status?: string }) => { messages.push(m); }, disconnectMember: async () => undefined },
    } as never,
  };
}

async function workspace(tag: string) {
  const { client, user } = await signedIn(tag);
  const ws = user.workspaceId as string;
  await setWorkspaceFields(ws, { subscriptionPlan: 'ultimate', autoAnalyze: true });
  return { client, ws };
}

describe('a comment arriving in a workspace that analyses arrivals', () => {
  it('is stored as processing and queued once, with one usage count; a repeated delivery changes nothing', async () => {
    const { client, ws } = await workspace('arrive');
    const d = deps();
    const c = makeComment({ content: 'Do you ship to Canada?' });
    const usedBefore = await stores.usage.usedThisMonth(ws);
    expect((await receiveComment(d.deps, ws, c)).map((x) => x.id)).toEqual([c.id]);
    expect((await store.getComment(ws, c.id))?.comment.status).toBe('processing');
    const counters = await store.getCounters(ws);
    expect([counters.status_processing, counters.status_pending ?? 0]).toEqual([1, 0]);
    expect(d.queued).toEqual([c.id]);
    expect(d.messages.map((m) => m.type)).toEqual(['new_comments']);
    expect(await stores.usage.usedThisMonth(ws)).toBe(usedBefore + 1);
    // Its search words were written beside the queueing.
    const found = await client.get('/api/comments?search=canada');
    expect(found.json.comments.map((x: any) => x.id)).toEqual([c.id]);

    expect(await receiveComment(d.deps, ws, c)).toEqual([]);
    expect(d.queued).toEqual([c.id]);
    expect(await stores.usage.usedThisMonth(ws)).toBe(usedBefore + 1);
  });

  it('arriving together (one batch of webhooks): all stored and queued once, usage counted once each; the same comment twice is stored once', async () => {
    const { ws } = await workspace('arrivebatch');
    const d = deps();
    const batch = Array.from({ length: 8 }, (_, i) => makeComment({ content: `Question number ${i}: do you ship to Canada?` }));
    const usedBefore = await stores.usage.usedThisMonth(ws);
    // As the meta-events function handles a batch: its records in parallel, in one request scope.
    const results = await withRequestScope(() => Promise.all([...batch, batch[0]!].map((c) => receiveComment(d.deps, ws, c))));
    expect(results.slice(1, 8).map((r) => r.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    // The comment delivered twice: stored by one of its two deliveries.
    expect(results[0]!.length + results[8]!.length).toBe(1);
    expect(d.queued.sort()).toEqual(batch.map((c) => c.id).sort());
    expect(await stores.usage.usedThisMonth(ws)).toBe(usedBefore + 8);
    const counters = await store.getCounters(ws);
    expect([counters.status_processing, counters.total]).toEqual([8, 8]);
  });

  it('stays pending with the error when the queue refuses it, its usage given back', async () => {
    const { ws } = await workspace('arriverefused');
    const d = deps(true);
    const c = makeComment({ content: 'Is this available in blue?' });
    const usedBefore = await stores.usage.usedThisMonth(ws);
    await expect(receiveComment(d.deps, ws, c)).rejects.toThrow('queue unavailable');
    const stored = (await store.getComment(ws, c.id))!.comment;
    expect([stored.status, stored.lastError]).toEqual(['pending', 'Could not queue for analysis']);
    const counters = await store.getCounters(ws);
    expect([counters.status_pending, counters.status_processing ?? 0]).toEqual([1, 0]);
    expect(await stores.usage.usedThisMonth(ws)).toBe(usedBefore);
  });

  it('goes through an active arrival rule first (a shadow rule logs what it would have done)', async () => {
    const { client, ws } = await workspace('arriverule');
    const rule = await client.post('/api/rules', { name: 'Links', mode: 'shadow', conditions: [{ type: 'link' }], action: { type: 'hide' } });
    expect(rule.status, rule.text).toBe(201);
    const d = deps();
    const c = makeComment({ content: 'Cheap followers at http://spam.example', timestamp: new Date().toISOString() });
    await receiveComment(d.deps, ws, c);
    const entries = (await client.get('/api/automation?limit=50')).json.entries;
    expect(entries.map((e: any) => [e.commentId, e.mode, e.action?.type])).toEqual([[c.id, 'shadow', 'hide']]);
    // Then analysed as usual: moved to processing by analyseArrivals and queued.
    expect(d.queued).toEqual([c.id]);
    expect(d.messages.map((m) => `${m.type}${m.status ? `:${m.status}` : ''}`)).toEqual(['new_comments', 'comment_status_update:processing']);
  });

  it('is seen by the cross-post memory when its text was removed before', async () => {
    const { ws } = await workspace('arrivememory');
    const removed = 'Earn five thousand dollars a week from home, message me on telegram now';
    await stores.memory.putExample(ws, { commentId: 'facebook_removed1', text: removed.toLowerCase(), final: 'delete', ai: null, verb: 'deleted', source: 'moderator', brandId: null, at: new Date().toISOString() });
    expect(await actsOnArrival(ws, [makeComment({ content: removed }), makeComment({ content: 'What time do you open on Sundays?' }), makeComment({ content: removed, isHidden: true })])).toEqual([true, false, false]);
  });
});
