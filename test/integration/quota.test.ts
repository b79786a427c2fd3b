/**
 * The monthly quota is reserved when comments are queued, not when they are analysed (issue 9): five
 * concurrent Process All calls never pass it, analysis does not count them again, and a comment whose
 * analysis failed gives its reservation back.
 */
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/client.js';
import { makeComment, seed, store } from '../support/seed.js';

const usage = await import('../../functions/src/store/usage.js');
const { bulkAnalyze, recordDecisions } = await import('../../functions/src/domain/moderation.js');
const { QUOTA_NOTICE } = await import('../../functions/src/domain/limits.js');

const STARTER_QUOTA = 5_000;

async function statuses(workspaceId: string, ids: string[]): Promise<string[]> {
  return Promise.all(ids.map(async (id) => (await store.getComment(workspaceId, id))!.comment.status));
}

describe('quota reservation', () => {
  it('five concurrent Process All calls with room for 10 queue exactly 10; analysing them does not count them again', async () => {
    const { client, user } = await signedIn('quota');
    await usage.addAnalysed(user.workspaceId, STARTER_QUOTA - 10);
    const comments = Array.from({ length: 50 }, () => makeComment());
    await seed(user.workspaceId, comments);

    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/comments/bulk-analyze')));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expect(answers.reduce((n, a) => n + a.json.queued, 0)).toBe(10);
    expect(await usage.usedThisMonth(user.workspaceId)).toBe(STARTER_QUOTA);
    expect((await client.get('/api/user')).json.notice).toBe(QUOTA_NOTICE);
    // While those 10 are in flight, another Process All finds no room (they are already counted).
    expect((await client.post('/api/comments/bulk-analyze')).json.queued).toBe(0);

    // The analyser (running in the stack) finishes the 10; the other 40 stay pending and nothing more is counted.
    const ids = comments.map((c) => c.id);
    let now = await statuses(user.workspaceId, ids);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && now.filter((s) => s === 'processed').length < 10;) {
      await new Promise((r) => setTimeout(r, 50));
      now = await statuses(user.workspaceId, ids);
    }
    expect(now.filter((s) => s === 'processed')).toHaveLength(10);
    expect(now.filter((s) => s === 'pending')).toHaveLength(40);
    expect(await usage.usedThisMonth(user.workspaceId)).toBe(STARTER_QUOTA);
  });

  it('reserves what fits, never past the quota, and gives back what is released', async () => {
    const { user } = await signedIn('reserve');
    const ws = user.workspaceId;
    await usage.addAnalysed(ws, 4_990);
    const got = await Promise.all([usage.reserve(ws, 7, STARTER_QUOTA), usage.reserve(ws, 7, STARTER_QUOTA), usage.reserve(ws, 7, STARTER_QUOTA)]);
    expect(got.reduce((a, b) => a + b, 0)).toBe(10);
    expect(got.sort()).toEqual([0, 3, 7]);
    expect(await usage.reserve(ws, 1, STARTER_QUOTA)).toBe(0);
    await usage.release(ws, 4);
    expect(await usage.usedThisMonth(ws)).toBe(4_996);
    expect(await usage.reserve(ws, 9, STARTER_QUOTA)).toBe(4);
    expect(await usage.reserve(ws, 9, null)).toBe(9); // unlimited: counted, never refused
    expect(await usage.usedThisMonth(ws)).toBe(5_009);
  });

  it('when queueing fails, the comments go back to pending and the reservation is given back', async () => {
    const { user } = await signedIn('queuefail');
    const ws = user.workspaceId;
    await usage.addAnalysed(ws, 100);
    const comments = [makeComment(), makeComment(), makeComment()];
    await seed(ws, comments);
    const deps = {
      queue: { enqueue: async () => { throw new Error('queue unavailable'); } },
      platform: {}, notifier: { notify: async () => undefined, disconnectMember: async () => undefined },
    } as unknown as Parameters<typeof bulkAnalyze>[0];
    await expect(bulkAnalyze(deps, ws)).rejects.toThrow('queue unavailable');
    expect(await statuses(ws, comments.map((c) => c.id))).toEqual(['pending', 'pending', 'pending']);
    expect(await usage.usedThisMonth(ws)).toBe(100);
  });

  it('a comment whose analysis failed is pending again and its reservation is given back', async () => {
    const { user } = await signedIn('release');
    const ws = user.workspaceId;
    const [ok, failed] = [makeComment({ status: 'processing' }), makeComment({ status: 'processing' })];
    await seed(ws, [ok, failed]);
    await usage.reserve(ws, 2, STARTER_QUOTA); // as queueing them did
    const stored = async (id: string) => (await store.getComment(ws, id))!;
    const deps = { notifier: { notify: async () => undefined, disconnectMember: async () => undefined } } as unknown as Parameters<typeof recordDecisions>[0];
    const decision = { decision: 'ignore' as const, suggestedReply: '', reasoning: 'Fine.', sentiment: 'neutral' as const, isSpam: false, isOffensive: false, confidence: 90, language: 'en', provider: 'test', version: '1' };
    await recordDecisions(deps, ws, [{ stored: await stored(ok.id), outcome: { decision } }, { stored: await stored(failed.id), outcome: { error: 'AI unavailable' } }]);
    expect(await statuses(ws, [ok.id, failed.id])).toEqual(['processed', 'pending']);
    expect(await usage.usedThisMonth(ws)).toBe(1);
  });
});
