/**
 * Plan limits the server enforces (design D11), as pure functions: brands per plan and the monthly
 * analysis quota. Callers pass the user and their counts; nothing here touches the store.
 */
import { planById, type User } from '@cg/shared';
import { Forbidden } from '../http/errors.js';

/** The notice shown while analysis is paused by the quota (cleared on upgrade or next month). */
export const QUOTA_NOTICE = "You've reached your plan's monthly analysis limit. New comments stay pending until you upgrade or the next month starts.";

type PlanOf = Pick<User, 'subscriptionPlan'>;

/** Throws a 403 naming the plan and its limit when `adding` more brands would exceed it. */
export function assertCanAddBrands(user: PlanOf, currentBrandCount: number, adding = 1): void {
  const plan = planById(user.subscriptionPlan);
  if (plan.brandLimit === null) return;
  if (currentBrandCount + adding > plan.brandLimit) {
    const brands = plan.brandLimit === 1 ? '1 brand' : `${plan.brandLimit} brands`;
    throw new Forbidden(`Your ${plan.name} plan allows ${brands}. Upgrade to connect more.`);
  }
}

/** Comments the user may still have analysed this month (Infinity when unlimited, never below 0). */
export function remainingQuota(user: PlanOf, usedThisMonth: number): number {
  const quota = planById(user.subscriptionPlan).monthlyAnalysisQuota;
  if (quota === null) return Infinity;
  return Math.max(0, quota - usedThisMonth);
}

/** True when analysis must pause (comments stay pending). */
export function quotaReached(user: PlanOf, usedThisMonth: number): boolean {
  return remainingQuota(user, usedThisMonth) <= 0;
}
