/** Key builders for billing and usage items of the single table (design D4). */
import { tenantPk } from './keys.js';
export const billingKey = {
  /** The user's billing record: Stripe customer id and current subscription id. */
  account: (workspaceId: string) => ({ pk: tenantPk(workspaceId), sk: 'BILLING' }),
  /** Stripe customer id → user id (webhooks name the customer, not the user). */
  customer: (customerId: string) => ({ pk: `STRIPECUS#${customerId}`, sk: 'CUSTOMER' }),
  /** A processed webhook event, kept for dedupe until its TTL. */
  event: (eventId: string) => ({ pk: `STRIPEEVT#${eventId}`, sk: 'EVENT' }),
};

export const usageKey = {
  /** Comments analysed in one calendar month (UTC), e.g. month = '2026-11'. */
  month: (workspaceId: string, month: string) => ({ pk: tenantPk(workspaceId), sk: `USAGE#${month}` }),
};
