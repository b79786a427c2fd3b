/**
 * The Stripe adapter of the billing port: the real `stripe` SDK with the API version pinned here,
 * idempotency keys on every create/update, and optional STRIPE_API_HOST/PORT/PROTOCOL for a fake server.
 */
import Stripe from 'stripe';
import type { PlanId } from '@cg/shared';
import { config } from '../config.js';
import { InvalidWebhookSignature, PaymentDeclined, type BillingEvent, type BillingPort, type BillingSubscription } from './port.js';
import { planOfRealPrice, realPriceId } from './prices.js';
import { stripeKeys, type StripeKeys } from './stripe-keys.js';

/** The one place the Stripe API version is pinned (integrations.md part B). */
export const STRIPE_API_VERSION = '2026-07-29.dahlia' as const;
/** Webhook timestamp tolerance in seconds, either way (older signatures are stale, newer ones forged ahead). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function client(secretKey: string): Stripe {
  const host = config.opt('STRIPE_API_HOST');
  const port = config.opt('STRIPE_API_PORT');
  const protocol = config.opt('STRIPE_API_PROTOCOL') as 'http' | 'https' | undefined;
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 2, timeout: 20_000,
    ...(host ? { host } : {}), ...(port ? { port: Number(port) } : {}), ...(protocol ? { protocol } : {}),
  });
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

export function toSubscription(sub: Stripe.Subscription): BillingSubscription {
  const item = sub.items?.data?.[0];
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    plan: planOfRealPrice(item?.price?.id),
    currentPeriodEnd: item?.current_period_end ?? null,
    cancelAt: sub.cancel_at ?? null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    clientSecret: invoice?.status === 'open' ? invoice.confirmation_secret?.client_secret ?? null : null,
    workspaceId: sub.metadata?.workspaceId ?? null,
  };
}

function toEvent(event: Stripe.Event): BillingEvent {
  const obj = event.data.object as unknown as Record<string, unknown>;
  const isInvoice = obj.object === 'invoice';
  const inv = obj as unknown as Stripe.Invoice;
  const subId = obj.object === 'subscription' ? (obj.id as string)
    : isInvoice ? idOf(inv.parent?.subscription_details?.subscription) : null;
  return {
    id: event.id, type: event.type, subscriptionId: subId,
    customerId: idOf(obj.customer as string | { id: string } | null | undefined),
    invoiceId: isInvoice ? (obj.id as string) : null,
  };
}

/** The `t=` timestamp (Unix seconds) of a Stripe-Signature header; NaN when missing. */
export function signatureTimestamp(header: string): number {
  const t = /(?:^|,)\s*t=(\d+)/.exec(header)?.[1];
  return t ? Number(t) : Number.NaN;
}

/** Card errors become PaymentDeclined with Stripe's message; anything else is rethrown. */
function declined(err: unknown): never {
  if ((err as { type?: string })?.type === 'StripeCardError') throw new PaymentDeclined((err as Error).message);
  throw err;
}

export function createStripeBilling(keys: StripeKeys): BillingPort {
  const stripe = client(keys.secretKey);
  const expand = ['latest_invoice.confirmation_secret'];
  return {
    publishableKey: keys.publishableKey,
    async ensureCustomer({ workspaceId, email }) {
      const c = await stripe.customers.create({ email, metadata: { workspaceId } }, { idempotencyKey: `cus-${workspaceId}` });
      return c.id;
    },
    async createSubscription({ customerId, workspaceId, plan, idempotencyKey }) {
      const sub = await stripe.subscriptions.create({
        customer: customerId, items: [{ price: realPriceId(plan) }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand, metadata: { workspaceId },
      }, { idempotencyKey });
      const clientSecret = (sub.latest_invoice as Stripe.Invoice | null)?.confirmation_secret?.client_secret;
      if (!clientSecret) throw new Error(`subscription ${sub.id} has no payment to confirm`);
      return { subscriptionId: sub.id, clientSecret };
    },
    async upgrade(subscriptionId, plan: PlanId, idempotencyKey) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
      const sub = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: realPriceId(plan) }],
        proration_behavior: 'always_invoice',
        // The new plan applies only once the proration is paid (no plan without payment).
        payment_behavior: 'pending_if_incomplete',
        expand,
      }, { idempotencyKey }).catch(declined);
      return toSubscription(sub);
    },
    async cancelAtPeriodEnd(subscriptionId) {
      const sub = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true, expand }, { idempotencyKey: `cancel-${subscriptionId}-${Math.floor(Date.now() / 600_000)}` });
      return toSubscription(sub);
    },
    async cancelNow(subscriptionId) {
      try {
        return toSubscription(await stripe.subscriptions.cancel(subscriptionId));
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },
    async retrieveSubscription(subscriptionId) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(subscriptionId, { expand }));
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },
    async invoiceStatus(invoiceId) {
      try {
        return (await stripe.invoices.retrieve(invoiceId)).status ?? null;
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!keys.webhookSecret) throw new InvalidWebhookSignature('no signing secret configured');
      if (!signature) throw new InvalidWebhookSignature('missing Stripe-Signature header');
      // constructEvent refuses only old timestamps; one from the future is as suspect (a replay prepared ahead).
      const skew = signatureTimestamp(signature) - Date.now() / 1000;
      if (skew > WEBHOOK_TOLERANCE_SECONDS) throw new InvalidWebhookSignature('timestamp is in the future, outside the tolerance');
      try {
        return toEvent(stripe.webhooks.constructEvent(rawBody, signature, keys.webhookSecret, WEBHOOK_TOLERANCE_SECONDS));
      } catch (err) {
        throw new InvalidWebhookSignature((err as Error).message);
      }
    },
  };
}

let port: Promise<BillingPort | null> | undefined;

/** The configured billing port, or null without Stripe keys (the local default, design D8). */
export function stripeBilling(): Promise<BillingPort | null> {
  port ??= stripeKeys().then((k) => (k ? createStripeBilling(k) : null)).catch((err) => { port = undefined; throw err; });
  return port;
}
