/** Routes: subscribe, change plan (upgrade only), cancel at period end, and the public billing config. */
import type { BillingPort } from '../billing/port.js';
import type { RouteImpls } from '../http/router.js';
import * as billing from '../domain/billing.js';

export interface BillingDeps {
  /** The billing port, or null without Stripe keys (design D8). */
  billing: () => Promise<BillingPort | null>;
}

export function billingRoutes(deps: BillingDeps): RouteImpls {
  return {
    billingConfig: async () => ({ body: billing.billingConfig(await deps.billing()) }),
    createSubscription: async ({ userId, body }) => ({ body: await billing.createSubscription(await deps.billing(), userId, body.priceId) }),
    updateSubscription: async ({ userId, body }) => ({ body: await billing.changePlan(await deps.billing(), userId, body.plan) }),
    cancelSubscription: async ({ userId }) => ({ body: await billing.cancel(await deps.billing(), userId) }),
  };
}
