/**
 * Plans and payments through the local gateway against the fake Stripe server (issue 6): subscribe,
 * upgrade with proration, cancel at period end, signed, deduplicated, out-of-order-safe webhooks, and
 * deleting an account or workspace ending its subscription at once (issue 9).
 */
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { FAKE_STRIPE_SECRET_KEY, stripeEvent } from '../support/fake-stripe.js';
import { Client, signedIn } from '../support/client.js';
import { makeComment, seed, store } from '../support/seed.js'; // (also points this process at the stack's table)

const billingStore = await import('../../functions/src/store/billing.js');
const workspaces = await import('../../functions/src/store/workspaces.js');
const { analyseArrivals } = await import('../../functions/src/domain/moderation.js');
const TRIAL_ENDED = 'Your free trial has ended. Analysis is paused until a plan is chosen; your comments are kept.';

const PAYMENT_FAILED = 'Your last payment failed. Update your card to keep your plan.';
const api = inject('stripeApi');
const whsec = inject('stripeWebhookSecret');
/** The test's own SDK client: plays the customer's browser and Stripe's side against the fake. */
const stripe = new Stripe(FAKE_STRIPE_SECRET_KEY, { host: api.host, port: api.port, protocol: 'http', apiVersion: '2026-07-29.dahlia' });

async function customerOf(email: string) {
  const list = await stripe.customers.list({ email });
  return list.data;
}

async function latestSubscription(email: string): Promise<Stripe.Subscription> {
  const [customer] = await customerOf(email);
  const subs = await stripe.subscriptions.list({ customer: customer!.id });
  return subs.data[0]!;
}

/** Stands in for the browser confirming the payment with the client secret. */
async function pay(sub: Stripe.Subscription): Promise<Stripe.Subscription> {
  const invoiceId = typeof sub.latest_invoice === 'string' ? sub.latest_invoice : sub.latest_invoice!.id!;
  await stripe.invoices.pay(invoiceId);
  return stripe.subscriptions.retrieve(sub.id);
}

async function webhook(payload: string, signature?: string) {
  return new Client().request('POST', '/webhooks/stripe', payload, { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) });
}

function signed(type: string, object: object, opts: { secret?: string; timestamp?: number; id?: string } = {}) {
  const payload = JSON.stringify(stripeEvent(type, object as Record<string, unknown>, opts.id));
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? whsec, timestamp: opts.timestamp });
  return { payload, signature };
}

async function send(type: string, object: object) {
  const { payload, signature } = signed(type, object);
  return webhook(payload, signature);
}

/** A signed-in user with a paid, active subscription on `priceId` (webhook applied). */
async function activeSubscriber(priceId = 'price_starter') {
  const s = await signedIn('billing');
  const created = await s.client.post('/api/create-subscription', { priceId });
  expect(created.status).toBe(200);
  const sub = await pay(await latestSubscription(s.email));
  expect((await send('customer.subscription.updated', sub)).status).toBe(200);
  return { ...s, sub };
}

describe('billing config and create-subscription', () => {
  it('publishes the publishable key', async () => {
    const res = await new Client().get('/api/billing/config');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ publishableKey: expect.stringMatching(/^pk_test_/) });
  });

  it('an unknown price id is a 400 naming the allowed ids; nothing is created', async () => {
    const { client, email } = await signedIn('billing');
    const res = await client.post('/api/create-subscription', { priceId: 'price_gold' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('price_starter, price_growth, price_ultimate');
    expect(await customerOf(email)).toHaveLength(0);
  });

  it('returns a client secret, reuses the customer and the awaited payment', async () => {
    const { client, email } = await signedIn('billing');
    const first = await client.post('/api/create-subscription', { priceId: 'price_growth' });
    expect(first.status).toBe(200);
    expect(first.json.clientSecret).toMatch(/^pi_.+_secret_/);
    const again = await client.post('/api/create-subscription', { priceId: 'price_growth' });
    expect(again.json.clientSecret).toBe(first.json.clientSecret);
    const other = await client.post('/api/create-subscription', { priceId: 'price_ultimate' });
    expect(other.status).toBe(200);
    expect(other.json.clientSecret).not.toBe(first.json.clientSecret);
    const customers = await customerOf(email);
    expect(customers).toHaveLength(1);
    const sub = await latestSubscription(email);
    expect(sub.status).toBe('incomplete');
    expect(sub.metadata.workspaceId).toBeTruthy();
    // No plan without payment: the profile has not moved yet.
    expect((await client.get('/api/user')).json).toMatchObject({ subscriptionPlan: 'starter', subscriptionStatus: 'none' });
  });

  it('a signed-out caller gets 401', async () => {
    expect((await new Client().post('/api/create-subscription', { priceId: 'price_growth' })).status).toBe(401);
  });
});

describe('webhooks', () => {
  it('a validly signed subscription event sets plan, status and period end from Stripe', async () => {
    const { client, sub } = await activeSubscriber('price_growth');
    const user = (await client.get('/api/user')).json;
    expect(user).toMatchObject({ subscriptionPlan: 'growth', subscriptionStatus: 'active', cancelAt: null });
    expect(user.currentPeriodEnd).toBe(new Date(sub.items.data[0]!.current_period_end * 1000).toISOString());
  });

  it('forged, unsigned, stale and future-dated events are 400 and change nothing', async () => {
    const { client, email } = await signedIn('billing');
    await client.post('/api/create-subscription', { priceId: 'price_ultimate' });
    const sub = await pay(await latestSubscription(email)); // Stripe says active: applying anything would move the user

    const forged = signed('customer.subscription.updated', sub, { secret: 'whsec_attacker' });
    expect((await webhook(forged.payload, forged.signature)).status).toBe(400);
    expect((await webhook(JSON.stringify(stripeEvent('customer.subscription.updated', sub)))).status).toBe(400);
    const stale = signed('customer.subscription.updated', sub, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await webhook(stale.payload, stale.signature)).status).toBe(400);
    const ahead = signed('customer.subscription.updated', sub, { timestamp: Math.floor(Date.now() / 1000) + 86_400 });
    expect((await webhook(ahead.payload, ahead.signature)).status).toBe(400);
    const good = signed('customer.subscription.updated', sub);
    const tampered = good.payload.replace('"customer.subscription.updated"', '"customer.subscription.deleted"');
    expect((await webhook(tampered, good.signature)).status).toBe(400);

    expect((await client.get('/api/user')).json).toMatchObject({ subscriptionPlan: 'starter', subscriptionStatus: 'none' });
    expect((await webhook(good.payload, good.signature)).status).toBe(200);
    expect((await client.get('/api/user')).json).toMatchObject({ subscriptionPlan: 'ultimate', subscriptionStatus: 'active' });
  });

  it('a replayed event is acknowledged as a duplicate and applied once', async () => {
    const { client, email } = await signedIn('billing');
    await client.post('/api/create-subscription', { priceId: 'price_starter' });
    const sub = await latestSubscription(email);
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    const failed = signed('invoice.payment_failed', invoice);
    const first = await webhook(failed.payload, failed.signature);
    expect(first.json).toEqual({ received: true, outcome: 'applied' });
    expect((await client.get('/api/user')).json.notice).toBe(PAYMENT_FAILED);

    await pay(sub);
    await send('invoice.paid', await stripe.invoices.retrieve(invoice.id!));
    expect((await client.get('/api/user')).json).toMatchObject({ notice: null, subscriptionStatus: 'active' });

    const replay = await webhook(failed.payload, failed.signature);
    expect(replay.status).toBe(200);
    expect(replay.json.outcome).toBe('duplicate');
    expect((await client.get('/api/user')).json.notice).toBeNull();
  });

  it('an out-of-order updated before created ends in the current state', async () => {
    const { client, email } = await signedIn('billing');
    await client.post('/api/create-subscription', { priceId: 'price_starter' });
    const createdSnapshot = await latestSubscription(email); // incomplete, starter
    const paid = await pay(createdSnapshot);
    const upgraded = await stripe.subscriptions.update(paid.id, { items: [{ id: paid.items.data[0]!.id, price: 'price_growth' }], proration_behavior: 'always_invoice' });

    expect((await send('customer.subscription.updated', upgraded)).status).toBe(200);
    expect((await send('customer.subscription.created', createdSnapshot)).status).toBe(200);
    expect((await client.get('/api/user')).json).toMatchObject({ subscriptionPlan: 'growth', subscriptionStatus: 'active' });
  });

  it('deleted sets the status to canceled', async () => {
    const { client, sub } = await activeSubscriber('price_growth');
    const canceled = await stripe.subscriptions.cancel(sub.id);
    await send('customer.subscription.deleted', canceled);
    expect((await client.get('/api/user')).json).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: 'starter' });
  });
});

describe('change plan and cancel', () => {
  it('upgrade prorates and bills now; downgrade and same plan are 400', async () => {
    const { client, sub } = await activeSubscriber('price_starter');
    const up = await client.put('/api/subscription', { plan: 'growth' });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ subscriptionPlan: 'growth', subscriptionStatus: 'active' });
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    const proration = invoices.data.find((i) => i.billing_reason === 'subscription_update')!;
    expect(proration.status).toBe('paid');
    expect(proration.lines.data.every((l) => (l as unknown as { proration: boolean }).proration)).toBe(true);
    expect(proration.amount_due).toBeGreaterThan(0);
    expect(proration.amount_due).toBeLessThanOrEqual(1499 - 899);
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]!.price.id).toBe('price_growth');

    const down = await client.put('/api/subscription', { plan: 'starter' });
    expect(down.status).toBe(400);
    expect(down.json.message).toMatch(/Downgrades are not available/);
    const same = await client.put('/api/subscription', { plan: 'growth' });
    expect(same.status).toBe(400);
    expect(same.json.message).toBe('You are already on the Growth plan.');
    expect((await client.get('/api/user')).json.subscriptionPlan).toBe('growth');
  });

  it('without a subscription, changing plan is a 400', async () => {
    const { client } = await signedIn('billing');
    const res = await client.put('/api/subscription', { plan: 'growth' });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/no active subscription/);
  });

  it('cancel sets cancel at period end; access stays until then', async () => {
    const { client, sub } = await activeSubscriber('price_growth');
    const res = await client.delete('/api/subscription');
    expect(res.status).toBe(200);
    const periodEnd = new Date(sub.items.data[0]!.current_period_end * 1000).toISOString();
    expect(res.json).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'growth', cancelAt: periodEnd });
    expect((await stripe.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(true);
    expect((await client.delete('/api/subscription')).json.cancelAt).toBe(periodEnd);
  });
});

describe('deleting an account or a workspace', () => {
  const CLOSE_FAILED = 'Stripe could not cancel the subscription, so nothing was deleted. Try again in a few minutes.';

  async function link(user: { workspaceId: string }, sub: Stripe.Subscription) {
    const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
    return { account: await billingStore.getBillingAccount(user.workspaceId), mapped: await billingStore.workspaceIdForCustomer(customerId) };
  }

  it('deleting the account cancels the subscription now (not at period end) and drops the customer link', async () => {
    const { client, user, sub } = await activeSubscriber('price_growth');
    expect(await link(user, sub)).toEqual({ account: { customerId: sub.customer, subscriptionId: sub.id }, mapped: user.workspaceId });
    const res = await client.delete('/api/user');
    expect(res.status).toBe(200);
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.status).toBe('canceled');
    expect(after.cancel_at_period_end).toBe(false);
    expect(await link(user, sub)).toEqual({ account: null, mapped: null });
  });

  it('deleting the workspace cancels its subscription now and drops the customer link', async () => {
    const { client, user, sub } = await activeSubscriber('price_starter');
    expect((await client.delete('/api/workspace')).status).toBe(200);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    expect(await link(user, sub)).toEqual({ account: null, mapped: null });
  });

  it('when Stripe fails, the caller gets a 502 and nothing is deleted; the retry deletes', async () => {
    const { client, user, sub } = await activeSubscriber('price_growth');
    await stripe.subscriptions.update(sub.id, { metadata: { fake_fail: 'cancel' } });
    for (const path of ['/api/user', '/api/workspace']) {
      const res = await client.delete(path);
      expect(res.status).toBe(502);
      expect(res.json.message).toBe(CLOSE_FAILED);
    }
    expect((await client.get('/api/user')).json).toMatchObject({ workspaceId: user.workspaceId, subscriptionPlan: 'growth', subscriptionStatus: 'active' });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    expect((await link(user, sub)).mapped).toBe(user.workspaceId);

    await stripe.subscriptions.update(sub.id, { metadata: { fake_fail: '' } });
    expect((await client.delete('/api/user')).status).toBe(200);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    expect(await link(user, sub)).toEqual({ account: null, mapped: null });
  });

  it('a workspace that never subscribed is deleted without asking Stripe', async () => {
    const { client, user } = await signedIn('billing');
    expect((await client.delete('/api/user')).status).toBe(200);
    expect(await billingStore.getBillingAccount(user.workspaceId)).toBeNull();
  });
});

describe('the trial', () => {
  it('a new workspace gets 14 days of Starter', async () => {
    const before = Date.now();
    const { user } = await signedIn('trial');
    expect(user).toMatchObject({ subscriptionPlan: 'starter', subscriptionStatus: 'none', notice: null });
    const days = (Date.parse(user.trialEndsAt) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(14);
    expect(days).toBeLessThan(14.01);
  });

  it('after it, analysis pauses (comments kept pending, notice, 403) until a subscription is active', async () => {
    const { client, email, user } = await signedIn('trial');
    await workspaces.setWorkspaceFields(user.workspaceId, { trialEndsAt: new Date(Date.now() - 60_000).toISOString() });
    const c = makeComment();
    await seed(user.workspaceId, [c]);
    const refused = await client.post(`/api/comments/${c.id}/process`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(TRIAL_ENDED);
    const bulk = await client.post('/api/comments/bulk-analyze');
    expect(bulk.json).toEqual({ queued: 0 });
    expect((await store.getComment(user.workspaceId, c.id))!.comment.status).toBe('pending');
    expect((await client.get('/api/user')).json.notice).toBe(TRIAL_ENDED);
    // Arrivals (webhooks, sync) queue nothing either.
    const arrived = makeComment();
    await seed(user.workspaceId, [arrived]);
    const enqueued: unknown[] = [];
    const deps = { queue: { enqueue: async (jobs: unknown[]) => { enqueued.push(...jobs); } }, platform: {}, notifier: { notify: async () => undefined, disconnectMember: async () => undefined } };
    expect(await analyseArrivals(deps as unknown as Parameters<typeof analyseArrivals>[0], user.workspaceId, [arrived])).toBe(0);
    expect(enqueued).toEqual([]);
    expect((await store.getComment(user.workspaceId, arrived.id))!.comment.status).toBe('pending');

    // A payment awaited is not a plan: still paused.
    await client.post('/api/create-subscription', { priceId: 'price_starter' });
    expect((await client.post(`/api/comments/${c.id}/process`)).status).toBe(403);
    const sub = await pay(await latestSubscription(email));
    expect((await send('customer.subscription.updated', sub)).status).toBe(200);
    expect((await client.get('/api/user')).json).toMatchObject({ subscriptionStatus: 'active', trialEndsAt: null, notice: null });
    expect((await client.post(`/api/comments/${c.id}/process`)).status).toBe(202);
  });
});
