/**
 * Billing use cases (issue 6, design D8): subscribe, upgrade, cancel at period end, and the public
 * billing config. With a BillingPort they go through Stripe; with null (no keys) plans change directly.
 */
import { PLANS, PLAN_IDS, planById, type PlanId } from '@cg/shared';
import { PaymentDeclined, type BillingPort, type BillingSubscription } from '../billing/port.js';
import { Invalid, Missing, PaymentFailed, UpstreamFailure } from './errors.js';
import { QUOTA_NOTICE, TRIAL_ENDED_NOTICE } from './limits.js';
import { stores } from './store-port.js';
import type { WorkspaceRecord } from './model.js';

const billingStore = stores.billing;
const workspaces = stores.workspaces;

export const PAYMENT_FAILED_NOTICE = 'Your last payment failed. Update your card to keep your plan.';
export const NOT_CONFIGURED = 'Payments are not configured on this server. Choose your plan without a payment step.';

const LIVE = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];
const rank = (plan: PlanId) => PLAN_IDS.indexOf(plan);
const iso = (unix: number | null) => (unix == null ? null : new Date(unix * 1000).toISOString());

async function requireWorkspace(workspaceId: string): Promise<WorkspaceRecord> {
  const ws = await workspaces.getWorkspace(workspaceId);
  if (!ws) throw new Missing('Workspace not found');
  return ws;
}

/** Last instant of the current UTC month (the period end when there is no provider). */
export function endOfMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1).toISOString();
}

export function billingConfig(port: BillingPort | null): { publishableKey: string | null } {
  return { publishableKey: port?.publishableKey ?? null };
}

/** The user's profile fields that mirror a provider subscription. */
export function fieldsFromSubscription(sub: BillingSubscription, user: WorkspaceRecord): Partial<WorkspaceRecord> {
  const s = sub.status;
  const status: WorkspaceRecord['subscriptionStatus'] = s === 'active' || s === 'trialing' ? 'active'
    : s === 'incomplete' ? 'incomplete'
    : s === 'canceled' ? 'canceled'
    : s === 'incomplete_expired' ? (user.subscriptionStatus === 'incomplete' ? 'none' : user.subscriptionStatus)
    : 'past_due';
  const fields: Partial<WorkspaceRecord> = { subscriptionStatus: status };
  if (LIVE.includes(s)) {
    if (sub.plan) fields.subscriptionPlan = sub.plan;
    fields.currentPeriodEnd = iso(sub.currentPeriodEnd);
    fields.cancelAt = iso(sub.cancelAt ?? (sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null));
  } else if (s === 'canceled') {
    fields.subscriptionPlan = 'starter';
    fields.cancelAt = null;
    fields.currentPeriodEnd = null;
  }
  // A plan with a higher quota lifts the quota pause.
  if (fields.subscriptionPlan && rank(fields.subscriptionPlan) > rank(user.subscriptionPlan) && user.notice === QUOTA_NOTICE) fields.notice = null;
  if (status === 'active') Object.assign(fields, paidPlanStarts(user));
  return fields;
}

export async function applySubscription(workspaceId: string, sub: BillingSubscription): Promise<WorkspaceRecord> {
  const user = await requireWorkspace(workspaceId);
  await workspaces.setWorkspaceFields(workspaceId, fieldsFromSubscription(sub, user));
  return requireWorkspace(workspaceId);
}

/** Finds or creates the user's Stripe customer (one per user). */
async function ensureCustomer(port: BillingPort, user: WorkspaceRecord): Promise<string> {
  const account = await billingStore.getBillingAccount(user.id);
  if (account?.customerId) return account.customerId;
  const customerId = await port.ensureCustomer({ workspaceId: user.id, email: user.ownerEmail });
  await billingStore.saveCustomer(user.id, customerId);
  return customerId;
}

/** POST /api/create-subscription: an incomplete subscription and the client secret to pay it. */
export async function createSubscription(port: BillingPort | null, workspaceId: string, priceId: string, now = new Date()): Promise<{ clientSecret: string }> {
  const plan = PLANS.find((p) => p.priceId === priceId);
  if (!plan) throw new Invalid(`Unknown price id "${priceId}". Allowed: ${PLANS.map((p) => p.priceId).join(', ')}.`, [{ field: 'priceId', message: 'Unknown price id' }]);
  if (!port) throw new Invalid(NOT_CONFIGURED);
  const user = await requireWorkspace(workspaceId);
  const customerId = await ensureCustomer(port, user);
  const account = await billingStore.getBillingAccount(workspaceId);
  if (account?.subscriptionId) {
    const current = await port.retrieveSubscription(account.subscriptionId);
    if (current && LIVE.includes(current.status)) throw new Invalid('You already have a subscription. Change your plan from Settings.');
    // A payment still awaited for the same plan: hand back the same client secret.
    if (current?.status === 'incomplete' && current.plan === plan.id && current.clientSecret) return { clientSecret: current.clientSecret };
  }
  // Double clicks within ten minutes reuse one subscription.
  const idempotencyKey = `sub-${workspaceId}-${plan.id}-${Math.floor(now.getTime() / 600_000)}`;
  const { subscriptionId, clientSecret } = await port.createSubscription({ customerId, workspaceId, plan: plan.id, idempotencyKey });
  await billingStore.saveSubscriptionId(workspaceId, subscriptionId);
  return { clientSecret };
}

/** A paid plan ends the trial and lifts its pause. */
function paidPlanStarts(ws: WorkspaceRecord): Partial<WorkspaceRecord> {
  return { trialEndsAt: null, ...(ws.notice === TRIAL_ENDED_NOTICE ? { notice: null } : {}) };
}

function assertUpgrade(user: WorkspaceRecord, target: PlanId): void {
  const live = user.subscriptionStatus !== 'none' && user.subscriptionStatus !== 'canceled';
  if (!live) return;
  const current = planById(user.subscriptionPlan);
  if (target === current.id) throw new Invalid(`You are already on the ${current.name} plan.`);
  if (rank(target) < rank(current.id)) throw new Invalid(`Downgrades are not available. Your ${current.name} plan can only move to a higher plan.`);
}

/** PUT /api/subscription: upgrade only (prorated); without keys the plan changes directly. */
export async function changePlan(port: BillingPort | null, workspaceId: string, target: PlanId, now = new Date()): Promise<WorkspaceRecord> {
  const user = await requireWorkspace(workspaceId);
  if (!port) {
    assertUpgrade(user, target);
    const fields: Partial<WorkspaceRecord> = { subscriptionPlan: target, subscriptionStatus: 'active', cancelAt: null, currentPeriodEnd: endOfMonth(now), ...paidPlanStarts(user) };
    if (user.notice === QUOTA_NOTICE && rank(target) > rank(user.subscriptionPlan)) fields.notice = null;
    await workspaces.setWorkspaceFields(workspaceId, fields);
    return requireWorkspace(workspaceId);
  }
  const account = await billingStore.getBillingAccount(workspaceId);
  const sub = account?.subscriptionId ? await port.retrieveSubscription(account.subscriptionId) : null;
  if (!sub || !LIVE.includes(sub.status)) throw new Invalid('You have no active subscription. Choose a plan on the Subscribe page to start one.');
  const synced = { ...user, ...fieldsFromSubscription(sub, user) };
  if (synced.subscriptionStatus === 'none' || synced.subscriptionStatus === 'canceled') throw new Invalid('You have no active subscription. Choose a plan on the Subscribe page to start one.');
  assertUpgrade(synced, target);
  let updated: BillingSubscription;
  try {
    updated = await port.upgrade(sub.id, target, `upgrade-${sub.id}-${target}-${Math.floor(now.getTime() / 600_000)}`);
  } catch (err) {
    if (err instanceof PaymentDeclined) throw new PaymentFailed(`Payment Failed: ${err.message}`);
    throw err;
  }
  return applySubscription(workspaceId, updated);
}

/** DELETE /api/subscription: cancel at period end (no refunds; access until then). */
export async function cancel(port: BillingPort | null, workspaceId: string, now = new Date()): Promise<WorkspaceRecord> {
  const user = await requireWorkspace(workspaceId);
  if (!port) {
    if (!user.cancelAt) await workspaces.setWorkspaceFields(workspaceId, { cancelAt: user.currentPeriodEnd ?? endOfMonth(now) });
    return requireWorkspace(workspaceId);
  }
  const account = await billingStore.getBillingAccount(workspaceId);
  const sub = account?.subscriptionId ? await port.retrieveSubscription(account.subscriptionId) : null;
  if (!sub || !LIVE.includes(sub.status)) throw new Invalid('You have no active subscription to cancel.');
  if (sub.cancelAtPeriodEnd) return applySubscription(workspaceId, sub);
  return applySubscription(workspaceId, await port.cancelAtPeriodEnd(sub.id));
}

export const CLOSE_FAILED = 'Stripe could not cancel the subscription, so nothing was deleted. Try again in a few minutes.';
const ENDED = ['canceled', 'incomplete_expired'];

/**
 * Before a workspace is deleted: its subscription ends now (no further charge) and the customer link
 * (billing record, customer mapping) is dropped. When the provider cannot be reached or refuses, a 502
 * and nothing changes, so no workspace is deleted while its subscription still charges.
 */
export async function closeBilling(port: BillingPort | null, workspaceId: string): Promise<void> {
  const account = await billingStore.getBillingAccount(workspaceId);
  if (!account) return;
  if (account.subscriptionId) {
    if (!port) throw new UpstreamFailure(`${CLOSE_FAILED} (payments are not configured on this server)`);
    try {
      const sub = await port.retrieveSubscription(account.subscriptionId);
      if (sub && !ENDED.includes(sub.status)) await port.cancelNow(sub.id);
    } catch (err) {
      console.error('[billing] cancel on delete failed', workspaceId, (err as Error).message);
      throw new UpstreamFailure(CLOSE_FAILED);
    }
  }
  await billingStore.deleteBillingAccount(workspaceId, account.customerId);
}
