/**
 * The billing port (design D8): what the domain needs from a payment provider, in the product's own
 * terms (plans, not provider price ids). The Stripe adapter implements it; null means "no keys".
 */
import type { PlanId } from '@cg/shared';

/** Provider subscription statuses (Stripe's names). */
export type ProviderStatus = 'active' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'past_due' | 'paused' | 'trialing' | 'unpaid' | (string & {});

export interface BillingSubscription {
  id: string;
  customerId: string;
  status: ProviderStatus;
  /** The plan of the subscription's price; null when the price is not one of ours. */
  plan: PlanId | null;
  /** Unix seconds; on basil and later it lives on the subscription item. */
  currentPeriodEnd: number | null;
  /** Unix seconds when the subscription will stop, if scheduled. */
  cancelAt: number | null;
  cancelAtPeriodEnd: boolean;
  /** The client secret of the latest invoice's payment, while one is awaited. */
  clientSecret: string | null;
  /** Our user id, from the subscription's metadata. */
  workspaceId: string | null;
}

export interface BillingEvent {
  id: string;
  type: string;
  /** Subscription the event is about (the object itself, or an invoice's subscription). */
  subscriptionId: string | null;
  customerId: string | null;
  /** The invoice id for invoice.* events. */
  invoiceId: string | null;
}

export class InvalidWebhookSignature extends Error {
  constructor(reason: string) { super(`Invalid webhook signature: ${reason}`); }
}

/** The provider declined a payment (card declined, authentication required...); the message is the provider's. */
export class PaymentDeclined extends Error {}

export interface BillingPort {
  /** The browser's publishable key (the Subscribe screen loads Stripe.js with it). */
  readonly publishableKey: string;
  /** Creates the customer for a user, idempotently per user. */
  ensureCustomer(input: { workspaceId: string; email: string }): Promise<string>;
  /** Creates an incomplete subscription awaiting its first payment. */
  createSubscription(input: { customerId: string; workspaceId: string; plan: PlanId; idempotencyKey: string }): Promise<{ subscriptionId: string; clientSecret: string }>;
  /** Moves the subscription to a higher plan, billing the proration now. */
  upgrade(subscriptionId: string, plan: PlanId, idempotencyKey: string): Promise<BillingSubscription>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<BillingSubscription>;
  /** Ends the subscription now (no further charge, no proration); null when it does not exist. */
  cancelNow(subscriptionId: string): Promise<BillingSubscription | null>;
  /** The subscription as the provider has it now; null when it does not exist. */
  retrieveSubscription(subscriptionId: string): Promise<BillingSubscription | null>;
  /** The invoice's current status (paid, open, ...), null when it does not exist. */
  invoiceStatus(invoiceId: string): Promise<string | null>;
  /** Verifies the signature over the raw body; throws InvalidWebhookSignature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}
