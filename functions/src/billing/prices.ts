/** Logical price ids (shared PLANS) ↔ the provider's real price ids, from STRIPE_PRICE_STARTER|GROWTH|ULTIMATE. */
import { PLANS, type PlanId } from '@cg/shared';
import { config } from '../config.js';

/** The real price id of a plan (defaults to the logical id, which the fake Stripe accepts). */
export function realPriceId(plan: PlanId): string {
  const p = PLANS.find((x) => x.id === plan)!;
  return config.opt(`STRIPE_PRICE_${plan.toUpperCase()}`) ?? p.priceId;
}

/** The plan a real price id belongs to, or null. */
export function planOfRealPrice(priceId: string | null | undefined): PlanId | null {
  if (!priceId) return null;
  return PLANS.find((p) => realPriceId(p.id) === priceId)?.id ?? null;
}
