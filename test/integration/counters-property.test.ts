/**
 * Property: after any sequence of moderation actions (seeded random), the counters behind stats and
 * analytics equal a recount of the stored comments; and live updates reach a connected WebSocket.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AiDecision } from '@cg/shared';
import { recount } from '@cg/shared';
import { signedIn, allComments } from '../support/client.js';
import { connectThroughSandbox, control, syncAll } from '../support/meta.js';
import { store } from '../support/seed.js';

const workspaces = await import('../../functions/src/store/workspaces.js');

function rng(seed: number) {
  return () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}


describe('counters equal a recount after random actions', () => {
  for (const seed of [1, 2]) {
    it(`seed ${seed}`, async () => {
      await control('reset', {});
      const { client, user } = await signedIn(`prop${seed}`);
      await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
      await connectThroughSandbox(client);
      await syncAll(client);
      const random = rng(seed);
      const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
      const comments = (await allComments(client)).filter((c) => c.status === 'pending').slice(0, 40);
      // Give most of them a decision, as the analyser would.
      for (const c of comments) {
        if (random() < 0.2) continue;
        const s = (await store.getComment(user.workspaceId, c.id))!;
        const decision: AiDecision = {
          decision: pick(['reply', 'delete', 'hide', 'ignore'] as const), suggestedReply: random() < 0.8 ? 'Thank you for your comment!' : '',
          reasoning: 'property test', sentiment: pick(['positive', 'negative', 'neutral'] as const), isSpam: random() < 0.3, isOffensive: random() < 0.2,
          confidence: Math.round(random() * 100), language: 'en', provider: 'test', version: '1',
        };
        await store.writeComment(s, { ...s, comment: { ...s.comment, status: 'processed', aiDecision: decision } });
      }
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const c = pick(comments);
        const action = pick(['approve', 'ignore', 'reply_sent', 'edit', 'process'] as const);
        const res = action === 'approve' ? await client.post(`/api/comments/${c.id}/approve`)
          : action === 'edit' ? await client.post(`/api/comments/${c.id}/update-reply`, { suggestedReply: `Edited ${i}` })
            : action === 'process' ? await client.post(`/api/comments/${c.id}/process`)
              : await client.post(`/api/comments/${c.id}/override`, { action });
        statuses.push(res.status);
        // Reply Instead with an empty draft posts nothing and is refused (issue 12).
        expect(action === 'reply_sent' ? [200, 202, 400, 409, 502] : [200, 202, 409, 502]).toContain(res.status);
      }
      expect(statuses.some((s) => s === 200)).toBe(true);
      // Let queued analyses finish before recounting.
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
        if (!(await allComments(client)).some((c) => c.status === 'processing')) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const stored = await Promise.all((await allComments(client)).map((c) => store.getComment(user.workspaceId, c.id)));
      const expected = recount(stored.map((s) => s!));
      const counters = await store.getCounters(user.workspaceId);
      for (const k of new Set([...Object.keys(expected), ...Object.keys(counters)])) expect(counters[k] ?? 0, k).toBe(expected[k] ?? 0);
      const stats = (await client.get('/api/stats')).json;
      expect(stats.autoReplies).toBe(expected.status_replied ?? 0);
      expect(stats.deletedComments).toBe(expected.status_deleted ?? 0);
      const analytics = (await client.get('/api/analytics')).json;
      expect(analytics.totalComments).toBe(stored.length);
      expect(analytics.pendingComments).toBe(expected.queue ?? 0);
    });
  }
});

describe('live updates', () => {
  it('a connected client receives the status and decision messages; signed-out sockets are refused', async () => {
    const { client } = await signedIn('ws');
    const url = client.baseUrl.replace(/^http/, 'ws') + '/ws';
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => { ws.close(); resolve(101); });
      ws.on('error', () => undefined);
    });
    expect(refused).toBe(401);

    const ws = new WebSocket(url, { headers: { Cookie: client.cookieHeader() } });
    const messages: any[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    const me = (await client.get('/api/user')).json;
    const { makeComment, seed } = await import('../support/seed.js');
    const c = makeComment({ content: 'Do you have this in size M?' });
    await seed(me.workspaceId, [c]);
    expect((await client.post(`/api/comments/${c.id}/process`)).status).toBe(202);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && !messages.some((m) => m.type === 'comment_processed'); ) await new Promise((r) => setTimeout(r, 20));
    ws.close();
    expect(messages.map((m) => m.type)).toEqual(expect.arrayContaining(['comment_status_update', 'comment_processed']));
    expect(messages.find((m) => m.type === 'comment_processed').commentId).toBe(c.id);
  });
});
