/** Training helpers: naive-Bayes feature importance, the importance-scaled head, mixing two heads. */
import { describe, expect, it } from 'vitest';
import { mixLog } from '../../src/analysis/embedded/model.js';
import { nbImportance, probabilityOf, trainNbAveraged } from '../../src/analysis/embedded/trainer.js';

const classes = ['clean', 'offensive'];
const row = (features: number[]) => ({ idx: Int32Array.from(features), val: Float32Array.from(features.map(() => 1)) });
// Feature 7 appears only in offensive rows, feature 3 in every row, feature 5 in a few of each.
const data = {
  x: [row([3, 7]), row([3, 7, 5]), row([3, 7]), row([3]), row([3, 5]), row([3]), row([3, 7]), row([3])],
  labels: ['offensive', 'offensive', 'offensive', 'clean', 'clean', 'clean', 'offensive', 'clean'],
};

describe('naive-Bayes importance', () => {
  it('weighs a feature of one class above one spread over both, and leaves unseen features at zero', () => {
    const r = nbImportance(data, classes);
    expect(r[7]!).toBeGreaterThan(r[5]!);
    expect(r[5]!).toBeGreaterThanOrEqual(r[3]!);
    expect(r[3]!).toBeGreaterThanOrEqual(1);
    expect(r[11]).toBe(0);
  });

  it('trains a head that reads the plain features and tells the classes apart', () => {
    const m = trainNbAveraged(data, classes, { epochs: 30, lr: 0.5, l2: 1e-4, seed: 3 }, 2);
    expect(probabilityOf(m, row([3, 7]), 'offensive')).toBeGreaterThan(0.7);
    expect(probabilityOf(m, row([3]), 'offensive')).toBeLessThan(0.3);
  });
});

describe('mixing two heads', () => {
  it('gives the first head at weight 0, the second at weight 1, and probabilities in between', () => {
    const a = [0.7, 0.2, 0.1];
    const b = [0.1, 0.3, 0.6];
    mixLog(a, b, 0).forEach((p, k) => expect(p).toBeCloseTo(a[k]!, 6));
    mixLog(a, b, 1).forEach((p, k) => expect(p).toBeCloseTo(b[k]!, 6));
    const m = mixLog(a, b, 0.5);
    expect(m.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    expect(m[2]!).toBeGreaterThan(a[2]!);
    expect(m[2]!).toBeLessThan(b[2]!);
  });
});
