/** The troll-attack detection rule (issue 11 item 4): which comments count, buckets, and the burst verdict against a post's own baseline. */
import { describe, expect, it } from 'vitest';
import { TROLL_ATTACK } from '@cg/shared';
import { bucketOf, countsTowardsBurst, judgeBurst, windowBuckets } from '../../src/domain/incident-rule.js';

const MIN = 60_000;
const W = TROLL_ATTACK.windowMinutes * MIN;

describe('which comments count towards a burst', () => {
  it('negative or offensive ones, nothing else', () => {
    expect(countsTowardsBurst({ sentiment: 'negative', isOffensive: false })).toBe(true);
    expect(countsTowardsBurst({ sentiment: 'neutral', isOffensive: true })).toBe(true);
    expect(countsTowardsBurst({ sentiment: 'positive', isOffensive: false })).toBe(false);
    expect(countsTowardsBurst({ sentiment: 'neutral', isOffensive: false })).toBe(false);
    expect(countsTowardsBurst(null)).toBe(false);
  });
});

describe('buckets and the sliding window', () => {
  it('a window is the whole buckets ending with the comment\'s', () => {
    const b = bucketOf(Date.UTC(2026, 10, 23, 10, 7));
    expect(bucketOf(Date.UTC(2026, 10, 23, 10, 9, 59))).toBe(b);
    expect(bucketOf(Date.UTC(2026, 10, 23, 10, 10))).toBe(b + 1);
    const w = windowBuckets(b);
    expect(w.to).toBe(b);
    expect(w.to - w.from + 1).toBe(TROLL_ATTACK.windowMinutes / TROLL_ATTACK.bucketMinutes);
  });
});

describe('a burst far above the post\'s own baseline', () => {
  const start = Date.UTC(2026, 10, 23, 12, 0);
  it('a new post with no history: the minimum decides', () => {
    const c = { total: 0, window: 0, firstAtMs: start, windowStartMs: start };
    expect(judgeBurst({ ...c, window: TROLL_ATTACK.minNegatives - 1, total: TROLL_ATTACK.minNegatives - 1 }).burst).toBe(false);
    const v = judgeBurst({ ...c, window: TROLL_ATTACK.minNegatives, total: TROLL_ATTACK.minNegatives });
    expect(v).toMatchObject({ burst: true, baseline: 0, threshold: TROLL_ATTACK.minNegatives });
  });

  it('a quiet post (a few negative comments a day) opens at the minimum', () => {
    // 24 negative comments over the 2 days before the window: 0.25 per window.
    const v = judgeBurst({ window: 5, total: 29, firstAtMs: start - 2 * 86_400_000, windowStartMs: start });
    expect(v.baseline).toBeCloseTo(0.25, 2);
    expect(v).toMatchObject({ burst: true, threshold: TROLL_ATTACK.minNegatives });
  });

  it('a busy post needs baselineFactor times its usual rate', () => {
    // 10 per window for the last 10 hours (20 windows): 200 before this window.
    const firstAtMs = start - 20 * W;
    const usual = 10;
    const threshold = TROLL_ATTACK.baselineFactor * usual;
    expect(judgeBurst({ window: 12, total: 200 + 12, firstAtMs, windowStartMs: start })).toMatchObject({ burst: false, baseline: usual, threshold });
    expect(judgeBurst({ window: threshold - 1, total: 200 + threshold - 1, firstAtMs, windowStartMs: start }).burst).toBe(false);
    expect(judgeBurst({ window: threshold, total: 200 + threshold, firstAtMs, windowStartMs: start }).burst).toBe(true);
  });

  it('history younger than one window counts as one window', () => {
    const v = judgeBurst({ window: 5, total: 9, firstAtMs: start - 5 * MIN, windowStartMs: start });
    expect(v.baseline).toBe(4);
    expect(v.threshold).toBe(Math.max(TROLL_ATTACK.minNegatives, TROLL_ATTACK.baselineFactor * 4));
    expect(v.burst).toBe(false);
  });
});
