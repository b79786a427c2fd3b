/**
 * Webhook event handling with a scripted billing port: applied once, out-of-order safe (state re-read from
 * the provider), stale subscriptions ignored, payment-failed notice set and cleared, claim released on failure.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingEvent, BillingPort, BillingSubscription } from '../../src/billing/port.js';
import * as mem from './memory-store.js';


const { handleEvent } = await import('../../src/domain/billing-events.js');
const { PAYMENT_FAILED_NOTICE } = await import('../../src/domain/billing.js');

mem.bindMemoryStore();

const subs = new Map<string, BillingSubscription>();
const invoices = new Map<string, string>();
const port: BillingPort = {
  publishableKey: 'pk', ensureCustomer: vi.fn(), createSubscription: vi.fn(), upgrade: vi.fn(), cancelAtPeriodEnd: vi.fn(), cancelNow: vi.fn(),
  retrieveSubscription: async (id) => subs.get(id) ?? null,
  invoiceStatus: async (id) => invoices.get(id) ?? null,
  verifyWebhook: vi.fn(),
};
const sub = (patch: Partial<BillingSubscription>): BillingSubscription => ({
  id: 'sub_1', customerId: 'cus_1', status: 'active', plan: 'growth', currentPeriodEnd: 1_800_000_000, cancelAt: null,
  cancelAtPeriodEnd: false, clientSecret: null, workspaceId: 'u1', ...patch,
});
let n = 0;
const ev = (type: string, patch: Partial<BillingEvent> = {}): BillingEvent => ({ id: `evt_${n++}`, type, subscriptionId: 'sub_1', customerId: 'cus_1', invoiceId: null, ...patch });

beforeEach(async () => {
  mem.reset(); subs.clear(); invoices.clear();
  mem.addWorkspace('u1');
  await mem.billingModule.saveCustomer('u1', 'cus_1');
  await mem.billingModule.saveSubscriptionId('u1', 'sub_1');
});

describe('Stripe events', () => {
  it('applies the subscription as the provider has it now, whatever order events arrive in', async () => {
    subs.set('sub_1', sub({ status: 'active', plan: 'growth' }));
    expect(await handleEvent(port, ev('customer.subscription.updated'))).toBe('applied');
    expect(await handleEvent(port, ev('customer.subscription.created'))).toBe('applied');
    expect(mem.state.workspaces.get('u1')).toMatchObject({ subscriptionPlan: 'growth', subscriptionStatus: 'active', currentPeriodEnd: new Date(1_800_000_000_000).toISOString() });
  });

  it('an event id is applied once', async () => {
    subs.set('sub_1', sub({}));
    const e = ev('customer.subscription.updated');
    expect(await handleEvent(port, e)).toBe('applied');
    mem.state.workspaces.set('u1', { ...mem.state.workspaces.get('u1')!, subscriptionPlan: 'starter' });
    expect(await handleEvent(port, e)).toBe('duplicate');
    expect(mem.state.workspaces.get('u1')!.subscriptionPlan).toBe('starter');
  });

  it('an abandoned, expired subscription of the user does not touch the current one', async () => {
    subs.set('sub_1', sub({}));
    await handleEvent(port, ev('customer.subscription.updated'));
    subs.set('sub_old', sub({ id: 'sub_old', status: 'incomplete_expired', plan: 'ultimate' }));
    expect(await handleEvent(port, ev('customer.subscription.updated', { subscriptionId: 'sub_old' }))).toBe('ignored');
    expect(mem.state.workspaces.get('u1')).toMatchObject({ subscriptionPlan: 'growth', subscriptionStatus: 'active' });
    expect(mem.state.accounts.get('u1')!.subscriptionId).toBe('sub_1');
  });

  it('cancel at period end and deletion are mirrored', async () => {
    subs.set('sub_1', sub({ cancelAtPeriodEnd: true, cancelAt: 1_800_000_000 }));
    await handleEvent(port, ev('customer.subscription.updated'));
    expect(mem.state.workspaces.get('u1')!.cancelAt).toBe(new Date(1_800_000_000_000).toISOString());
    subs.set('sub_1', sub({ status: 'canceled' }));
    await handleEvent(port, ev('customer.subscription.deleted'));
    expect(mem.state.workspaces.get('u1')).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: 'starter', cancelAt: null });
  });

  it('payment failed sets the notice and past_due; invoice.paid clears it; a late failure after payment shows none', async () => {
    subs.set('sub_1', sub({ status: 'past_due' }));
    invoices.set('in_1', 'open');
    await handleEvent(port, ev('invoice.payment_failed', { invoiceId: 'in_1' }));
    expect(mem.state.workspaces.get('u1')).toMatchObject({ notice: PAYMENT_FAILED_NOTICE, subscriptionStatus: 'past_due', subscriptionPlan: 'growth' });
    subs.set('sub_1', sub({ status: 'active' }));
    invoices.set('in_1', 'paid');
    await handleEvent(port, ev('invoice.paid', { invoiceId: 'in_1' }));
    expect(mem.state.workspaces.get('u1')).toMatchObject({ notice: null, subscriptionStatus: 'active' });
    await handleEvent(port, ev('invoice.payment_failed', { invoiceId: 'in_1' }));
    expect(mem.state.workspaces.get('u1')!.notice).toBeNull();
  });

  it('unknown customers and unhandled types are ignored', async () => {
    subs.set('sub_x', sub({ id: 'sub_x', customerId: 'cus_x', workspaceId: null }));
    expect(await handleEvent(port, ev('customer.subscription.updated', { subscriptionId: 'sub_x' }))).toBe('ignored');
    expect(await handleEvent(port, ev('charge.refunded'))).toBe('ignored');
  });

  it('a failure while applying releases the claim, so the retry is applied', async () => {
    const e = ev('customer.subscription.updated');
    const flaky = { ...port, retrieveSubscription: vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValue(sub({})) };
    await expect(handleEvent(flaky, e)).rejects.toThrow('network');
    expect(await handleEvent(flaky, e)).toBe('applied');
  });
});
