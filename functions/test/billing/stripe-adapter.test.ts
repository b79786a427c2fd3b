/**
 * The Stripe adapter against the fake Stripe server: idempotent customers, subscriptions with a client
 * secret, prorated upgrades, cancel at period end, price mapping by env, and webhook signature checks.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_PUBLISHABLE_KEY, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, stripeEvent, type FakeStripe } from '../../../test/support/fake-stripe.js';
import { createStripeBilling, STRIPE_API_VERSION } from '../../src/billing/stripe.js';
import { InvalidWebhookSignature, PaymentDeclined, type BillingPort } from '../../src/billing/port.js';

let fake: FakeStripe;
let port: BillingPort;
const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? FAKE_STRIPE_WEBHOOK_SECRET, timestamp: opts.timestamp });

beforeAll(async () => {
  fake = await startFakeStripe();
  Object.assign(process.env, { STRIPE_API_HOST: fake.host, STRIPE_API_PORT: String(fake.port), STRIPE_API_PROTOCOL: 'http', STRIPE_PRICE_ULTIMATE: 'price_1UltimateReal' });
  port = createStripeBilling({ secretKey: FAKE_STRIPE_SECRET_KEY, publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET });
});
afterAll(async () => {
  for (const k of ['STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL', 'STRIPE_PRICE_ULTIMATE']) delete process.env[k];
  await fake.close();
});

describe('Stripe adapter', () => {
  it('pins the API version', () => {
    expect(STRIPE_API_VERSION).toBe('2026-07-29.dahlia');
  });

  it('one customer per user, whatever the retries (idempotency key)', async () => {
    const a = await port.ensureCustomer({ workspaceId: 'u-idem', email: 'idem@example.com' });
    const b = await port.ensureCustomer({ workspaceId: 'u-idem', email: 'idem@example.com' });
    expect(a).toBe(b);
    expect([...fake.customers.values()].filter((c) => c.email === 'idem@example.com')).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/customers').every((r) => r.idempotencyKey === 'cus-u-idem')).toBe(true);
  });

  it('creates an incomplete subscription with the client secret; upgrade prorates; cancel at period end', async () => {
    const customerId = await port.ensureCustomer({ workspaceId: 'u1', email: 'u1@example.com' });
    const { subscriptionId, clientSecret } = await port.createSubscription({ customerId, workspaceId: 'u1', plan: 'starter', idempotencyKey: 'sub-u1-1' });
    expect(clientSecret).toMatch(/_secret_/);
    const created = (await port.retrieveSubscription(subscriptionId))!;
    expect(created).toMatchObject({ status: 'incomplete', plan: 'starter', customerId, workspaceId: 'u1', clientSecret, cancelAtPeriodEnd: false });
    expect(created.currentPeriodEnd).toBe(fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end);

    await fetch(`${fake.url}/v1/invoices/${fake.subscriptions.get(subscriptionId)!.latest_invoice}/pay`, { method: 'POST', headers: { Authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}` } });
    const up = await port.upgrade(subscriptionId, 'ultimate', 'upgrade-1');
    expect(up).toMatchObject({ status: 'active', plan: 'ultimate', clientSecret: null });
    expect(fake.subscriptions.get(subscriptionId)!.items.data[0].price.id).toBe('price_1UltimateReal');
    const invoice = fake.invoices.get(fake.subscriptions.get(subscriptionId)!.latest_invoice)!;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect(await port.invoiceStatus(invoice.id)).toBe('paid');

    const canceled = await port.cancelAtPeriodEnd(subscriptionId);
    expect(canceled).toMatchObject({ cancelAtPeriodEnd: true, cancelAt: up.currentPeriodEnd, status: 'active' });
    expect(await port.retrieveSubscription('sub_missing')).toBeNull();
  });

  it('cancels now: the subscription ends at once, not at period end; a missing one is null', async () => {
    const customerId = await port.ensureCustomer({ workspaceId: 'u3', email: 'u3@example.com' });
    const { subscriptionId } = await port.createSubscription({ customerId, workspaceId: 'u3', plan: 'growth', idempotencyKey: 'sub-u3-1' });
    expect(await port.cancelNow(subscriptionId)).toMatchObject({ id: subscriptionId, status: 'canceled', cancelAtPeriodEnd: false });
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subscriptionId}` });
    expect(await port.cancelNow('sub_missing')).toBeNull();
  });

  it('an upgrade whose proration is not paid is declined and changes nothing (no plan without payment)', async () => {
    const customerId = await port.ensureCustomer({ workspaceId: 'u2', email: 'u2@example.com' });
    const { subscriptionId } = await port.createSubscription({ customerId, workspaceId: 'u2', plan: 'starter', idempotencyKey: 'sub-u2-1' });
    await expect(port.upgrade(subscriptionId, 'growth', 'upgrade-u2')).rejects.toThrow(PaymentDeclined);
    await expect(port.upgrade(subscriptionId, 'growth', 'upgrade-u2')).rejects.toThrow('Your card was declined.');
    expect((await port.retrieveSubscription(subscriptionId))!.plan).toBe('starter');
  });

  it('verifies webhooks over the raw body: valid, forged, missing, stale, future-dated, tampered', () => {
    const payload = JSON.stringify(stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_1', parent: { subscription_details: { subscription: 'sub_1' } } }, 'evt_1'));
    expect(port.verifyWebhook(Buffer.from(payload), sign(payload))).toEqual({ id: 'evt_1', type: 'invoice.paid', subscriptionId: 'sub_1', customerId: 'cus_1', invoiceId: 'in_1' });
    expect(() => port.verifyWebhook(Buffer.from(payload), sign(payload, { secret: 'whsec_other' }))).toThrow(InvalidWebhookSignature);
    expect(() => port.verifyWebhook(Buffer.from(payload), undefined)).toThrow(InvalidWebhookSignature);
    const now = Math.floor(Date.now() / 1000);
    expect(() => port.verifyWebhook(Buffer.from(payload), sign(payload, { timestamp: now - 301 }))).toThrow(/timestamp/i);
    // Outside the tolerance the other way too: a signature dated a day (or 6 minutes) ahead is refused.
    expect(() => port.verifyWebhook(Buffer.from(payload), sign(payload, { timestamp: now + 86_400 }))).toThrow('timestamp is in the future, outside the tolerance');
    expect(() => port.verifyWebhook(Buffer.from(payload), sign(payload, { timestamp: now + 360 }))).toThrow(InvalidWebhookSignature);
    expect(port.verifyWebhook(Buffer.from(payload), sign(payload, { timestamp: now + 60 })).id).toBe('evt_1');
    expect(() => port.verifyWebhook(Buffer.from(payload.replace('in_1', 'in_2')), sign(payload))).toThrow(InvalidWebhookSignature);
  });
});
