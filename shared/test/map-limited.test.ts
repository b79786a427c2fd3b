import { describe, expect, it } from 'vitest';
import { mapLimited } from '../src/map-limited.js';

describe('mapLimited', () => {
  it('keeps the items\' order and never has more than the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const waiting: Array<() => void> = [];
    const run = mapLimited([5, 1, 4, 2, 3], 2, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight--;
      return n * 10;
    });
    // Release the calls in reverse order of their start, one at a time, as they arrive.
    while (waiting.length || inFlight) {
      await Promise.resolve();
      const next = waiting.pop();
      if (next) next();
      else await new Promise((r) => setImmediate(r));
    }
    expect(await run).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('fails with the first failure', async () => {
    await expect(mapLimited([1, 2, 3], 2, async (n) => { if (n === 2) throw new Error('two'); return n; })).rejects.toThrow('two');
  });

  it('answers an empty list without calling', async () => {
    expect(await mapLimited([], 4, async () => { throw new Error('called'); })).toEqual([]);
  });
});
