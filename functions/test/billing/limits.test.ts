/** Plan limits as pure functions: brands per plan and the monthly analysis quota, enforced and lifted on upgrade. */
import { describe, expect, it } from 'vitest';
import { assertCanAddBrands, mayAnalyse, monthlyQuota, QUOTA_NOTICE, quotaReached, remainingQuota } from '../../src/domain/limits.js';
import { DomainError } from '../../src/domain/errors.js';

const starter = { subscriptionPlan: 'starter' as const };
const growth = { subscriptionPlan: 'growth' as const };
const ultimate = { subscriptionPlan: 'ultimate' as const };

function refusal(fn: () => void): DomainError {
  try { fn(); } catch (err) { return err as DomainError; }
  throw new Error('expected a refusal');
}

describe('brand limit', () => {
  it('Starter allows 1 brand: a second is a 403 naming the plan and the limit', () => {
    expect(() => assertCanAddBrands(starter, 0)).not.toThrow();
    const err = refusal(() => assertCanAddBrands(starter, 1));
    expect(err).toMatchObject({ kind: 'forbidden' }); // the HTTP layer answers 403
    expect(err.message).toBe('Your Starter plan allows 1 brand. Upgrade to connect more.');
  });

  it('Growth allows 3, counting brands added at once; upgrading lifts the Starter limit', () => {
    expect(() => assertCanAddBrands(growth, 1)).not.toThrow();
    expect(() => assertCanAddBrands(growth, 1, 2)).not.toThrow();
    expect(refusal(() => assertCanAddBrands(growth, 2, 2)).message).toBe('Your Growth plan allows 3 brands. Upgrade to connect more.');
    expect(() => assertCanAddBrands(ultimate, 500, 10)).not.toThrow();
  });
});

describe('monthly analysis quota', () => {
  it('counts down, never below zero, and is reached at the quota', () => {
    expect(remainingQuota(starter, 0)).toBe(5_000);
    expect(remainingQuota(starter, 4_999)).toBe(1);
    expect(quotaReached(starter, 4_999)).toBe(false);
    expect(remainingQuota(starter, 5_000)).toBe(0);
    expect(quotaReached(starter, 5_000)).toBe(true);
    expect(remainingQuota(starter, 7_000)).toBe(0);
  });

  it('an upgrade lifts it: Growth 50,000, Ultimate unlimited', () => {
    expect(quotaReached(growth, 5_000)).toBe(false);
    expect(remainingQuota(growth, 5_000)).toBe(45_000);
    expect(remainingQuota(ultimate, 10_000_000)).toBe(Infinity);
    expect(quotaReached(ultimate, 10_000_000)).toBe(false);
  });

  it('has a notice that says nothing is lost', () => {
    expect(QUOTA_NOTICE).toMatch(/pending/);
  });
});

describe('trial', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ws = (subscriptionStatus: 'none' | 'incomplete' | 'active' | 'past_due' | 'canceled', trialEndsAt: string | null) => ({ subscriptionStatus, trialEndsAt });

  it('analysis runs while the trial runs and pauses the moment it ends, with no plan', () => {
    expect(mayAnalyse(ws('none', '2026-11-22T12:00:01Z'), now)).toBe(true);
    expect(mayAnalyse(ws('none', '2026-11-22T12:00:00Z'), now)).toBe(false);
    expect(mayAnalyse(ws('none', '2026-11-01T00:00:00Z'), now)).toBe(false);
    expect(mayAnalyse(ws('none', null), now)).toBe(false);
  });

  it('a payment awaited or a canceled plan is no plan; an active one (or past due while the card is retried) is', () => {
    expect(mayAnalyse(ws('incomplete', '2026-11-01T00:00:00Z'), now)).toBe(false);
    expect(mayAnalyse(ws('canceled', null), now)).toBe(false);
    expect(mayAnalyse(ws('active', null), now)).toBe(true);
    expect(mayAnalyse(ws('past_due', null), now)).toBe(true);
  });

  it('a trial has Starter limits: 5,000 analyses a month', () => {
    expect(monthlyQuota(starter)).toBe(5_000);
    expect(monthlyQuota(ultimate)).toBeNull();
  });
});
