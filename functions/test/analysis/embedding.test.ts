/** Word-vector features (embedding.ts): int8 packing, the mean vector's slots and norm, and the English head's input. */
import { describe, expect, it } from 'vitest';
import { concat, embeddingFeatures, packWordVectors, unpackWordVectors, withSentimentVectors } from '../../src/analysis/embedded/embedding.js';
import { featurize, hash } from '../../src/analysis/embedded/features.js';

const wv = unpackWordVectors(packWordVectors(['good', 'bad', "don't"], [[1, 0, 0], [0, 2, 0], [0, 0, -4]], 3, 'test'));

describe('word vectors', () => {
  it('round-trips words and int8 rows (scaled by the largest magnitude)', () => {
    expect([...wv.index]).toEqual([['good', 0], ['bad', 1], ["don't", 2]]);
    expect(Array.from(wv.data)).toEqual([32, 0, 0, 0, 64, 0, 0, 0, -127]);
  });

  it('gives the mean vector of the known words at unit norm times the weight, on fixed slots', () => {
    const e = embeddingFeatures(['#good', 'unknown', 'bad'], wv, 'e:', 2);
    expect(Array.from(e.idx)).toEqual([hash('e:0'), hash('e:1'), hash('e:2')]);
    const norm = Math.hypot(...Array.from(e.val));
    expect(norm).toBeCloseTo(2, 5);
    expect(e.val[1]! / e.val[0]!).toBeCloseTo(2, 5);
    expect(embeddingFeatures(['don’t'], wv, 'e:', 1).val[2]).toBeCloseTo(-1, 5);
  });

  it('adds nothing when no word has a vector, or without vectors', () => {
    expect(embeddingFeatures(['nothing', 'here'], wv, 'e:', 1).idx.length).toBe(0);
    const x = featurize('Nothing here at all', 'en');
    expect(withSentimentVectors('Nothing here at all', x, wv)).toBe(x);
    expect(withSentimentVectors('so good', x, undefined)).toBe(x);
  });

  it('appends the vector to the sparse features', () => {
    const x = featurize('Good, not bad', 'en');
    const xe = withSentimentVectors('Good, not bad', x, wv);
    expect(xe.idx.length).toBe(x.idx.length + 3);
    expect(Array.from(xe.idx.slice(0, x.idx.length))).toEqual(Array.from(x.idx));
    expect(concat(x, { idx: new Int32Array(0), val: new Float32Array(0) })).toBe(x);
  });
});
