/** Removal thresholds of the intent head (train-intent.ts): precision on out-of-fold rows, capped on ordinary text. */
import { describe, expect, it } from 'vitest';
import { INTENT_CLASSES } from '../../src/analysis/embedded/intent.js';
import { capOnOrdinary, tuneRemovalThresholds } from '../../src/analysis/embedded/train-intent.js';

/** Probabilities with `k` on top at `p` (the rest shared). */
const probs = (k: string, p: number) => INTENT_CLASSES.map((c) => (c === k ? p : (1 - p) / 8));
const targets = { threat: 0.8, scam: 0.9, spam: 0.9, abuse: 0.9 };

describe('tuneRemovalThresholds', () => {
  it('takes the lowest probability at which the comments above it are precise enough', () => {
    // threat on top: right at 0.9, 0.8, 0.7, wrong at 0.6, right at 0.5, wrong at 0.4 and 0.35.
    const rows: Array<[string, number, string]> = [
      ['threat', 0.9, 'threat'], ['threat', 0.8, 'threat'], ['threat', 0.7, 'threat'], ['threat', 0.6, 'complaint'],
      ['threat', 0.5, 'threat'], ['threat', 0.4, 'complaint'], ['threat', 0.35, 'other'],
    ];
    const t = tuneRemovalThresholds(rows.map(([k, p]) => probs(k, p)), rows.map((r) => r[2]), targets);
    // Above 0.5: 4 of 5 right (0.8, the target); above 0.4: 4 of 6 (0.67).
    expect(t.threat).toBe(0.5);
  });

  it('stays at 0.99 for an intent that is never precise enough, and ignores rows where it is not on top', () => {
    const rows: Array<[string, number, string]> = [['scam', 0.9, 'spam'], ['scam', 0.8, 'spam'], ['complaint', 0.6, 'scam']];
    expect(tuneRemovalThresholds(rows.map(([k, p]) => probs(k, p)), rows.map((r) => r[2]), targets).scam).toBe(0.99);
  });
});

describe('capOnOrdinary', () => {
  it('raises a threshold until at most its rate of every language\'s ordinary comments passes it', () => {
    // 1,000 ordinary comments in one language, threat on top for ten of them at 0.60..0.69; another language has none.
    const one = Array.from({ length: 1000 }, (_, i) => (i < 10 ? probs('threat', 0.6 + i / 100) : probs('other', 0.9)));
    const other = Array.from({ length: 1000 }, () => probs('other', 0.9));
    const t = capOnOrdinary({ threat: 0.5, scam: 0.9, spam: 0.9, abuse: 0.9 }, [one, other], { threat: 0.003, scam: 0.001, spam: 0.001, abuse: 0.001 });
    // Three may pass (0.69, 0.68, 0.67): the fourth highest, 0.66, must stay below.
    expect(t.threat).toBe(0.661);
    expect(t.scam).toBe(0.9);
  });
});
