/**
 * Troll-attack burst counts (store/incidents.ts countBurst) on DynamoDB Local: the comments of one
 * post are counted together, each once — a redelivered batch, or one overlapping an earlier batch,
 * adds only the comments not counted before; more than one transaction's worth are all counted.
 */
import { inject, describe, expect, it } from 'vitest';

Object.assign(process.env, inject('stackEnv'));
const { countBurst } = await import('../../functions/src/store/incidents.js');

describe('burst counts per post', () => {
  it('count each comment once, across batches, redeliveries and chunks', async () => {
    const ws = `burst${Date.now().toString(36)}`;
    const at = Date.UTC(2026, 10, 23, 10, 0, 0);
    const c = (i: number, bucket = 100) => ({ id: `c${i}`, atMs: at + i * 1000, bucket });
    const window = { from: 95, to: 101 };
    let counts = await countBurst(ws, 'facebook', 'p1', [c(1), c(2), c(3, 101)], window);
    expect(counts).toMatchObject({ window: 3, total: 3, firstAtMs: at + 1000 });
    expect(new Set(counts.windowCommentIds)).toEqual(new Set(['c1', 'c2', 'c3']));
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
  });
});
