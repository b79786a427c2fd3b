/** The moderation workflow through the local gateway: queue, analyser, human decisions, counters. */
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/client.js';
import { decision, makeComment, seed, store } from '../support/seed.js';
import { recount } from '@cg/shared';

async function waitForStatus(client: Awaited<ReturnType<typeof signedIn>>['client'], id: string, status: string) {
  // The local queue delivers immediately; poll the API (bounded) until the analyser has written.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await client.get('/api/comments?limit=100');
    const c = res.json.comments.find((x: { id: string }) => x.id === id);
    if (c?.status === status) return c;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`comment ${id} never reached ${status}`);
}

describe('moderation pipeline', () => {
  it('process → processing → processed with a decision from the embedded analyser', async () => {
    const { client, user } = await signedIn();
    const c = makeComment({ content: 'CHECK OUT my channel http://spam.example.com free followers!!!' });
    await seed(user.workspaceId, [c]);
    const res = await client.post(`/api/comments/${c.id}/process`);
    expect(res.status).toBe(202);
    const done = await waitForStatus(client, c.id, 'processed');
    expect(done.aiDecision).toMatchObject({ isSpam: true, decision: 'delete', provider: 'embedded' });
    const again = await client.post(`/api/comments/${c.id}/process`);
    expect([202, 409]).toContain(again.status);
  });

  it('processing a comment twice while queued is a 409; unknown id is a 404', async () => {
    const { client, user } = await signedIn();
    const c = makeComment({ status: 'processing' });
    await seed(user.workspaceId, [c]);
    const res = await client.post(`/api/comments/${c.id}/process`);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('This comment is already being processed.');
    expect((await client.post('/api/comments/nope/process')).status).toBe(404);
  });

  it('bulk analyze of 200 comments processes them all and the queue total stays true', async () => {
    const { client, user } = await signedIn();
    // The analytics dashboard is on Growth and Ultimate (plan-features.test.ts).
    await (await import('../../functions/src/store/workspaces.js')).setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'growth' });
    const comments = Array.from({ length: 200 }, (_, i) => makeComment({ content: i % 2 ? 'I love this product, thank you!' : 'How much is shipping to Canada?' }));
    await seed(user.workspaceId, comments);
    const res = await client.post('/api/comments/bulk-analyze');
    expect(res.status).toBe(202);
    expect(res.json.queued).toBe(200);
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const stats = await client.get('/api/analytics');
      if (stats.json.positiveComments + stats.json.negativeComments + stats.json.neutralComments === 200) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const a = (await client.get('/api/analytics')).json;
    expect(a.totalComments).toBe(200);
    expect(a.positiveComments + a.negativeComments + a.neutralComments).toBe(200);
    const queue = await client.get('/api/comments?pendingOnly=true&limit=10&offset=0');
    expect(queue.json.total).toBe(200);
    expect(queue.json.comments).toHaveLength(10);
  });

  it('reject (override ignore), update-reply and their activity entries; counters equal a recount', async () => {
    const { client, user } = await signedIn();
    const a = makeComment({ status: 'processed', aiDecision: decision({ decision: 'reply', suggestedReply: 'Thanks!', sentiment: 'positive' }) });
    const b = makeComment({ status: 'processed', aiDecision: decision({ decision: 'reply', suggestedReply: 'Hello', sentiment: 'negative' }) });
    await seed(user.workspaceId, [a, b]);
    const rejected = await client.post(`/api/comments/${a.id}/override`, { action: 'ignore' });
    expect(rejected.status).toBe(200);
    expect(rejected.json.status).toBe('approved');
    expect((await client.post(`/api/comments/${a.id}/approve`)).status).toBe(409);
    const bad = await client.post(`/api/comments/${b.id}/override`, { action: 'delete' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('action');
    expect((await client.post(`/api/comments/${b.id}/update-reply`, { suggestedReply: '' })).status).toBe(400);
    const edited = await client.post(`/api/comments/${b.id}/update-reply`, { suggestedReply: 'Sorry to hear that — DM us.' });
    expect(edited.json.aiDecision.suggestedReply).toBe('Sorry to hear that — DM us.');
    const activity = (await client.get('/api/activity')).json;
    expect(activity[0].description).toContain('Edited the reply');
    expect(activity[1].description).toContain('override: ignore');

    const all = await client.get('/api/comments?limit=100');
    const stored = await Promise.all(all.json.comments.map((c: { id: string }) => store.getComment(user.workspaceId, c.id)));
    const expected = recount(stored.map((s) => s!));
    const counters = await store.getCounters(user.workspaceId);
    for (const [k, v] of Object.entries(expected)) expect(counters[k] ?? 0, k).toBe(v);
    const stats = (await client.get('/api/stats')).json;
    expect(stats.accuracyRate).toBe(0); // one review, and it changed the decision
  });

  it("a second user sees and changes nothing of the first's", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const c = makeComment({ status: 'processed', aiDecision: decision() });
    await seed(first.user.workspaceId, [c]);
    expect((await second.client.get('/api/comments?limit=100')).json.comments).toHaveLength(0);
    for (const path of ['process', 'approve']) expect((await second.client.post(`/api/comments/${c.id}/${path}`)).status).toBe(404);
    expect((await second.client.post(`/api/comments/${c.id}/override`, { action: 'ignore' })).status).toBe(404);
    expect((await second.client.get('/api/stats')).json.facebookComments).toBe(0);
  });

  it('All Comments filters and search run on the server with the filtered total', async () => {
    const { client, user } = await signedIn();
    await seed(user.workspaceId, [
      makeComment({ content: 'Where is my ORDER?', authorName: 'Zed' }),
      makeComment({ platform: 'instagram', id: `instagram_x${Date.now()}`, content: 'nice', authorName: 'Order Lover' }),
      makeComment({ content: 'hello' }),
    ]);
    const search = await client.get('/api/comments?search=order&limit=25');
    expect(search.json.total).toBe(2);
    const ig = await client.get('/api/comments?platform=instagram&limit=25');
    expect(ig.json.comments.map((c: { platform: string }) => c.platform)).toEqual(['instagram']);
    expect((await client.get('/api/comments?status=bogus')).status).toBe(400);
  });
});
