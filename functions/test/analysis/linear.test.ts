/** The shipped heads' packing: int8 weights, sparse rows as varint gaps, predictions kept. */
import { describe, expect, it } from 'vitest';
import { pack, predictProba, unpack, type LinearModel } from '../../src/analysis/embedded/linear.js';

const dim = 1 << 12;
const model = (every: number): LinearModel => {
  const weights = new Float32Array(dim * 3);
  for (let i = 0; i < weights.length; i += every) weights[i] = Math.sin(i) * 2;
  weights[weights.length - 1] = 1.5;
  return { classes: ['negative', 'neutral', 'positive'], dim, weights, bias: Float32Array.from([0.2, 0, -0.2]) };
};
const x = { idx: Int32Array.from([0, 129, 700, 2048, dim - 1]), val: Float32Array.from([1, 0.5, 2, 0.7, 1]) };

describe('head packing', () => {
  it.each([[400, 'sparse'], [2, 'dense']] as const)('keeps predictions of a %s-spaced head (%s)', (every, kind) => {
    const packed = pack(model(every));
    expect(Boolean(packed.gaps)).toBe(kind === 'sparse');
    const before = predictProba(model(every), x);
    const after = predictProba(unpack(JSON.parse(JSON.stringify(packed)), dim), x);
    // int8 quantisation moves probabilities by well under 0.02.
    after.forEach((p, k) => expect(Math.abs(p - before[k]!)).toBeLessThan(0.02));
  });

  it('stores a sparse head in far fewer characters than a dense one', () => {
    expect(JSON.stringify(pack(model(400))).length).toBeLessThan(JSON.stringify(pack(model(2))).length / 20);
  });
});
