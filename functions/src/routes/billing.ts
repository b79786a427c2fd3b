/** Routes: subscribe, change plan (upgrade only), cancel at period end, and the public billing config. */
import type { BillingPort } from '../billing/port.js';
import type { RouteImpls } from '../http/router.js';
import * as billing from '../domain/billing.js';
import { requireUser } from '../domain/accounts.js';

export interface BillingDeps {
  /** The billing port, or null without Stripe keys (design D8). */
  billing: () => Promise<BillingPort | null>;
}

export function billingRoutes(deps: BillingDeps): RouteImpls {
  return {
    billingConfig: async () => ({ body: billing.billingConfig(await deps.billing()) }),
    createSubscription: async ({ workspaceId, body }) => ({ body: await billing.createSubscription(await deps.billing(), workspaceId, body.priceId) }),
    updateSubscription: async ({ workspaceId, userId, body }) => {
      await billing.changePlan(await deps.billing(), workspaceId, body.plan);
      return { body: await requireUser(userId, workspaceId) };
    },
    cancelSubscription: async ({ workspaceId, userId }) => {
      await billing.cancel(await deps.billing(), workspaceId);
      return { body: await requireUser(userId, workspaceId) };
    },
  };
}
