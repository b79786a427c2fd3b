import { describe, expect, it } from 'vitest';
import { gatherer } from '../../src/domain/gather.js';

describe('gatherer', () => {
  it('makes the calls of one turn one call per key, each caller getting its own answer', async () => {
    const runs: [string, number[]][] = [];
    const double = gatherer<number, number>(async (key, items) => { runs.push([key, [...items]]); return items.map((n) => n * 2); });
    const answers = await Promise.all([double('a', 1), double('b', 10), double('a', 2), double('a', 3)]);
    expect(answers).toEqual([2, 20, 4, 6]);
    expect(runs).toEqual([['a', [1, 2, 3]], ['b', [10]]]);
    // A later turn is a new call.
    expect(await double('a', 5)).toBe(10);
    expect(runs).toHaveLength(3);
  });

  it('fails every caller of a call that fails, and only them', async () => {
    const f = gatherer<string, string>(async (key, items) => { if (key === 'bad') throw new Error('store down'); return items; });
    const [x, y, z] = await Promise.allSettled([f('bad', 'x'), f('bad', 'y'), f('ok', 'z')]);
    expect([x.status, y.status, z]).toEqual(['rejected', 'rejected', { status: 'fulfilled', value: 'z' }]);
    expect((x as PromiseRejectedResult).reason.message).toBe('store down');
  });
});
