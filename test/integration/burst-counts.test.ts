/**
 * Troll-attack burst counts (store/incidents.ts countBurst) on DynamoDB Local: the comments of one
 * post are counted together, each once — a redelivered batch, or one overlapping an earlier batch,
 * adds only the comments not counted before; more than one transaction's worth are all counted; the
 * ids of a window's comments are read back however many there are (a burst of thousands on one post
 * within minutes, as a backfill brings, once overflowed the 400 KB item that kept them).
 */
import { inject, describe, expect, it } from 'vitest';

Object.assign(process.env, inject('stackEnv'));
const { burstCommentIds, countBurst } = await import('../../functions/src/store/incidents.js');

describe('burst counts per post', () => {
  it('count each comment once, across batches, redeliveries and chunks', async () => {
    const ws = `burst${Date.now().toString(36)}`;
    const at = Date.UTC(2026, 10, 23, 10, 0, 0);
    const c = (i: number, bucket = 100) => ({ id: `c${i}`, atMs: at + i * 1000, bucket });
    const window = { from: 95, to: 101 };
    let counts = await countBurst(ws, 'facebook', 'p1', [c(1), c(2), c(3, 101)], window);
    expect(counts).toMatchObject({ window: 3, total: 3, firstAtMs: at + 1000 });
    expect(new Set(await burstCommentIds(ws, 'facebook', 'p1', window))).toEqual(new Set(['c1', 'c2', 'c3']));
    expect(await burstCommentIds(ws, 'facebook', 'p1', { from: 101, to: 101 })).toEqual(['c3']);
    // Redelivered, and overlapping: c2 and c3 again with c4 new.
    await countBurst(ws, 'facebook', 'p1', [c(1), c(2), c(3, 101)], window);
    counts = await countBurst(ws, 'facebook', 'p1', [c(2), c(3, 101), c(4, 101)], window);
    expect(counts).toMatchObject({ window: 4, total: 4 });
    // 100 new comments (three transactions' worth) on another post, then the same 100 again.
    const many = Array.from({ length: 100 }, (_, i) => c(10 + i, 100 + (i % 2)));
    await countBurst(ws, 'facebook', 'p2', many, window);
    counts = await countBurst(ws, 'facebook', 'p2', many, window);
    expect(counts).toMatchObject({ window: 100, total: 100 });
    // A bucket outside the window is in the total only.
    counts = await countBurst(ws, 'facebook', 'p2', [c(500, 90)], window);
    expect(counts).toMatchObject({ window: 100, total: 101 });
    expect((await burstCommentIds(ws, 'facebook', 'p2', window)).length).toBe(100);
  });

  it('a burst of thousands in one bucket: every comment counted and its id read back', async () => {
    const ws = `burstbig${Date.now().toString(36)}`;
    const at = Date.UTC(2026, 10, 23, 11, 0, 0);
    // Long ids, as Meta's are: 43 bytes each, a set of them on one item passes DynamoDB's 400 KB at about 9,300.
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `facebook_${'1'.repeat(16)}_${String(i).padStart(17, '0')}`, atMs: at + i, bucket: 200 }));
    const counts = await countBurst(ws, 'facebook', 'p3', many, { from: 195, to: 200 });
    expect(counts).toMatchObject({ window: 10_000, total: 10_000 });
    const ids = await burstCommentIds(ws, 'facebook', 'p3', { from: 195, to: 200 });
    expect(new Set(ids)).toEqual(new Set(many.map((c) => c.id)));
    // Another post's comments are not in this post's range.
    expect(await burstCommentIds(ws, 'facebook', 'p30', { from: 195, to: 200 })).toEqual([]);
  }, 300_000);
});
