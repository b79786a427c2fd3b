/**
 * Stripe webhook events (issue 6): each event applied once (claimed by id), and out-of-order safe
 * because the subscription is re-read from Stripe before anything is applied.
 */
import type { BillingEvent, BillingPort } from '../billing/port.js';
import { applySubscription, PAYMENT_FAILED_NOTICE } from './billing.js';
import { stores } from './store-port.js';

const billingStore = stores.billing;
const workspaces = stores.workspaces;

export const HANDLED_EVENTS = [
  'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted',
  'invoice.paid', 'invoice.payment_failed',
] as const;

const LIVE = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Brings the user in line with the subscription as Stripe has it now; returns the user id or null. */
async function syncSubscription(port: BillingPort, subscriptionId: string): Promise<string | null> {
  const sub = await port.retrieveSubscription(subscriptionId);
  if (!sub) return null;
  const workspaceId = (await billingStore.workspaceIdForCustomer(sub.customerId)) ?? sub.workspaceId;
  if (!workspaceId || !(await workspaces.getWorkspace(workspaceId))) return null;
  const account = await billingStore.getBillingAccount(workspaceId);
  if (account?.subscriptionId !== sub.id) {
    // Another subscription of this user: only a live one takes over; stale or abandoned ones are ignored.
    if (!LIVE.includes(sub.status)) return null;
    await billingStore.saveSubscriptionId(workspaceId, sub.id);
  }
  await applySubscription(workspaceId, sub);
  return workspaceId;
}

async function userOf(event: BillingEvent): Promise<string | null> {
  return event.customerId ? billingStore.workspaceIdForCustomer(event.customerId) : null;
}

async function apply(port: BillingPort, event: BillingEvent): Promise<EventOutcome> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.subscriptionId && (await syncSubscription(port, event.subscriptionId)) ? 'applied' : 'ignored';
    case 'invoice.paid': {
      const workspaceId = (event.subscriptionId ? await syncSubscription(port, event.subscriptionId) : null) ?? (await userOf(event));
      if (!workspaceId) return 'ignored';
      const user = await workspaces.getWorkspace(workspaceId);
      if (user?.notice === PAYMENT_FAILED_NOTICE) await workspaces.setWorkspaceFields(workspaceId, { notice: null });
      return 'applied';
    }
    case 'invoice.payment_failed': {
      const workspaceId = (event.subscriptionId ? await syncSubscription(port, event.subscriptionId) : null) ?? (await userOf(event));
      if (!workspaceId) return 'ignored';
      // Out of order: a failure already followed by a successful payment shows no notice.
      const status = event.invoiceId ? await port.invoiceStatus(event.invoiceId) : null;
      if (status !== 'paid' && status !== 'void') await workspaces.setWorkspaceFields(workspaceId, { notice: PAYMENT_FAILED_NOTICE });
      return 'applied';
    }
    default:
      return 'ignored';
  }
}

/** Applies a verified event once; a failure releases the claim so Stripe's retry is applied. */
export async function handleEvent(port: BillingPort, event: BillingEvent): Promise<EventOutcome> {
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  if (!(await billingStore.claimEvent(event.id))) return 'duplicate';
  try {
    return await apply(port, event);
  } catch (err) {
    await billingStore.releaseEvent(event.id).catch(() => undefined);
    throw err;
  }
}
