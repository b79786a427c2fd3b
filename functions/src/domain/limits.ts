/**
 * Plan limits the server enforces (design D11), as pure functions: brands per plan, the monthly
 * analysis quota and the trial. Callers pass the workspace and its counts; nothing here touches the store.
 */
import { planById, TEXT, type User } from '@cg/shared';
import { NotAllowed } from './errors.js';

/** The notice shown while analysis is paused by the quota (cleared on upgrade or next month). */
export const QUOTA_NOTICE = "You've reached your plan's monthly analysis limit. New comments stay pending until you upgrade or the next month starts.";

type PlanOf = Pick<User, 'subscriptionPlan'>;

/** Throws a 403 naming the plan and its limit when `adding` more brands would exceed it. */
export function assertCanAddBrands(user: PlanOf, currentBrandCount: number, adding = 1): void {
  const plan = planById(user.subscriptionPlan);
  if (plan.brandLimit === null) return;
  if (currentBrandCount + adding > plan.brandLimit) {
    const brands = plan.brandLimit === 1 ? '1 brand' : `${plan.brandLimit} brands`;
    throw new NotAllowed(`Your ${plan.name} plan allows ${brands}. Upgrade to connect more.`);
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

/** The monthly analysis quota of the workspace's plan; null when unlimited. */
export function monthlyQuota(ws: PlanOf): number | null {
  return planById(ws.subscriptionPlan).monthlyAnalysisQuota;
}

/** The notice shown while analysis is paused because the trial ended with no plan chosen. */
export const TRIAL_ENDED_NOTICE = TEXT.trialEnded;

type TrialOf = Pick<User, 'subscriptionStatus' | 'trialEndsAt'>;

/**
 * May the workspace's comments be analysed now? While a plan is paid for (active, or past_due while
 * Stripe retries the card: the plan is kept and the payment notice asks for a new card), or while the
 * trial runs. After the trial, with no plan, analysis pauses (comments stay pending).
 */
export function mayAnalyse(ws: TrialOf, now = new Date()): boolean {
  if (ws.subscriptionStatus === 'active' || ws.subscriptionStatus === 'past_due') return true;
  return ws.trialEndsAt != null && Date.parse(ws.trialEndsAt) > now.getTime();
}
