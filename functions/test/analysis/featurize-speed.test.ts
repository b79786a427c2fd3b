/**
 * What the analyser's faster paths must keep: hashed features equal to hashing their names, vectors that do
 * not leak into one another through the shared scratch, links still found once the cheap pre-check passes,
 * and the training side's train/eval separation by text.
 */
import { describe, expect, it } from 'vitest';
import { featurize, fnv, FNV_OFFSET, hash, HashAccumulator, type SparseVector } from '../../src/analysis/embedded/features.js';
import { featurizeOffensive } from '../../src/analysis/embedded/offensive-features.js';
import { findLinks } from '../../src/analysis/embedded/links.js';
import { canonical } from '../../src/analysis/embedded/normalise.js';
import { predictProba } from '../../src/analysis/embedded/linear.js';
import { textKey, tuneOffensiveThresholds, withoutTexts } from '../../src/analysis/embedded/trainer.js';

const asMap = (v: SparseVector) => new Map(Array.from(v.idx, (i, j) => [i, v.val[j]!]));

describe('hashed features without building their names', () => {
  it('gives the hash of the concatenated name', () => {
    for (const t of ['great', 'café', '😀', '']) {
      expect((fnv(fnv(FNV_OFFSET, 'w:'), t) >>> 0) & ((1 << 18) - 1)).toBe(hash('w:' + t));
    }
  });

  it('builds each vector on its own: one feature per slot, the same vector whatever came before', () => {
    const alone = asMap(featurize('Love this shop, thanks!', 'en'));
    featurize('Completely different words here, nothing alike', 'en');
    featurizeOffensive('you are a f*cking idiot');
    const again = featurize('Love this shop, thanks!', 'en');
    expect(new Set(again.idx).size).toBe(again.idx.length);
    expect(asMap(again)).toEqual(alone);
  });

  it('sums values per slot and forgets them after take()', () => {
    const acc = new HashAccumulator();
    acc.add(5, 1); acc.add(9, 2); acc.add(5, 0.5);
    expect(asMap(acc.take())).toEqual(new Map([[5, 1.5], [9, 2]]));
    acc.add(9, 1);
    expect(asMap(acc.take())).toEqual(new Map([[9, 1]]));
  });
});

describe('fast paths give the same answers', () => {
  it('canonical form is the same on a repeated call', () => {
    const s = 'Меtа Ѕuрроrt: verify your page';
    expect(canonical(s)).toBe('Meta Support: verify your page');
    expect(canonical(s)).toBe('Meta Support: verify your page');
  });

  it('skips the link scan only when no domain is possible', () => {
    expect(findLinks('no link here. just words, nothing else')).toEqual([]);
    expect(findLinks('order at shop.example.com today').map((l) => l.domain)).toEqual(['example.com']);
    expect(findLinks('deals on cheapdeals (dot) xyz').map((l) => l.domain)).toEqual(['cheapdeals.xyz']);
  });

  it('predicts two- and three-class heads like the general sum', () => {
    const x = { idx: Int32Array.from([0, 2]), val: Float32Array.from([1, 0.5]) };
    const m3 = { classes: ['a', 'b', 'c'], dim: 3, weights: Float32Array.from([1, 0, -1, 0, 0, 0, 2, 1, 0]), bias: Float32Array.from([0, 0.5, 0]) };
    const z = [1 + 1, 0.5 + 0.5, -1 + 0];
    const e = z.map(Math.exp);
    const s = e.reduce((a, b) => a + b, 0);
    predictProba(m3, x).forEach((p, k) => expect(p).toBeCloseTo(e[k]! / s, 9));
  });
});

describe('train/eval separation by text', () => {
  it('leaves out training rows whose text is in the eval, ignoring case and spacing', () => {
    const held = new Set([textKey('Lil bitch')]);
    const rows = [{ text: 'lil  BITCH ' }, { text: 'lil bitches' }];
    expect(withoutTexts(rows, held)).toEqual([{ text: 'lil bitches' }]);
  });
});

describe('offensive thresholds with a Davidson floor', () => {
  it('maximises the tweets score among pairs keeping Davidson above the floor', () => {
    // Tweets rows: only the tweets head separates them; Davidson rows: both heads do, the Davidson head better.
    const a: Array<[number, number, string]> = [[0.9, 0.1, 'offensive'], [0.7, 0.1, 'offensive'], [0.6, 0.1, 'clean'], [0.2, 0.1, 'clean']];
    const b: Array<[number, number, string]> = [[0.9, 0.9, 'offensive'], [0.4, 0.8, 'offensive'], [0.7, 0.2, 'clean'], [0.1, 0.1, 'clean']];
    const t = tuneOffensiveThresholds(a, b, [], 1, 0.7);
    expect(t.f1A).toBe(1);
    expect(t.f1B).toBeGreaterThanOrEqual(0.7);
  });
});
