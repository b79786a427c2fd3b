/**
 * Without Stripe keys (design D8, the local default): the billing routes change the plan directly through
 * the same API, refuse downgrades, cancel at the end of the month, and say payments are not configured.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as mem from './memory-store.js';


const { createApiHandler } = await import('../../src/http/router.js');
const { billingRoutes } = await import('../../src/routes/billing.js');
const { cancel, changePlan, closeBilling, endOfMonth } = await import('../../src/domain/billing.js');
const { QUOTA_NOTICE, TRIAL_ENDED_NOTICE } = await import('../../src/domain/limits.js');

mem.bindMemoryStore();

const handler = createApiHandler(billingRoutes({ billing: async () => null }), {} as never);

function call(method: string, path: string, body?: unknown, userId: string | null = 'u1'): Promise<APIGatewayProxyResult> {
  const event = {
    httpMethod: method, path, resource: path, headers: { 'Content-Type': 'application/json' }, multiValueHeaders: {}, queryStringParameters: null,
    multiValueQueryStringParameters: null, pathParameters: null, stageVariables: null, isBase64Encoded: false,
    body: body === undefined ? null : JSON.stringify(body),
    requestContext: { identity: { sourceIp: '10.0.0.1' }, authorizer: userId ? { userId, workspaceId: 'u1', role: 'owner', sessionId: 's1' } : {} },
  } as unknown as APIGatewayProxyEvent;
  return handler(event, {} as never) as Promise<APIGatewayProxyResult>;
}
const json = (r: APIGatewayProxyResult) => JSON.parse(r.body);

beforeEach(() => { mem.reset(); mem.addWorkspace('u1', { ownerId: 'u1' }); });

describe('without Stripe keys', () => {
  it('billing config has no publishable key', async () => {
    const res = await call('GET', '/api/billing/config', undefined, null);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ publishableKey: null });
  });

  it('PUT /api/subscription sets the plan with no payment step; a downgrade or the same plan is a 400', async () => {
    const first = await call('PUT', '/api/subscription', { plan: 'growth' });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({ subscriptionPlan: 'growth', subscriptionStatus: 'active', cancelAt: null });
    expect(json(first).currentPeriodEnd).toMatch(/T23:59:59\.999Z$/);

    const down = await call('PUT', '/api/subscription', { plan: 'starter' });
    expect(down.statusCode).toBe(400);
    expect(json(down).message).toBe('Downgrades are not available. Your Growth plan can only move to a higher plan.');
    const same = await call('PUT', '/api/subscription', { plan: 'growth' });
    expect(same.statusCode).toBe(400);
    expect(json(same).message).toBe('You are already on the Growth plan.');

    expect(json(await call('PUT', '/api/subscription', { plan: 'ultimate' })).subscriptionPlan).toBe('ultimate');
    expect(mem.state.workspaces.get('u1')!.subscriptionPlan).toBe('ultimate');
  });

  it('a first subscription may choose Starter; an unknown plan is a 400', async () => {
    expect(json(await call('PUT', '/api/subscription', { plan: 'starter' }))).toMatchObject({ subscriptionPlan: 'starter', subscriptionStatus: 'active' });
    expect((await call('PUT', '/api/subscription', { plan: 'gold' })).statusCode).toBe(400);
  });

  it('create-subscription says payments are not configured; an unknown price id names the allowed ones', async () => {
    const res = await call('POST', '/api/create-subscription', { priceId: 'price_growth' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/not configured/);
    const bad = await call('POST', '/api/create-subscription', { priceId: 'price_x' });
    expect(json(bad).message).toBe('Unknown price id "price_x". Allowed: price_starter, price_growth, price_ultimate.');
  });

  it('DELETE /api/subscription cancels at the end of the current month', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    await changePlan(null, 'u1', 'growth', now);
    const user = await cancel(null, 'u1', now);
    expect(user.cancelAt).toBe('2026-11-30T23:59:59.999Z');
    expect(user.subscriptionPlan).toBe('growth');
    expect(endOfMonth(new Date('2026-12-31T23:00:00Z'))).toBe('2026-12-31T23:59:59.999Z');
    expect((await call('DELETE', '/api/subscription')).statusCode).toBe(200);
  });

  it('an upgrade clears the quota notice (analysis resumes)', async () => {
    mem.addWorkspace('u1', { ownerId: 'u1', subscriptionPlan: 'starter', subscriptionStatus: 'active', notice: QUOTA_NOTICE });
    expect((await changePlan(null, 'u1', 'growth')).notice).toBeNull();
  });

  it('choosing a plan ends the trial and lifts its pause', async () => {
    mem.addWorkspace('u1', { ownerId: 'u1', trialEndsAt: '2026-11-01T00:00:00.000Z', notice: TRIAL_ENDED_NOTICE });
    const res = await call('PUT', '/api/subscription', { plan: 'starter' });
    expect(json(res)).toMatchObject({ subscriptionPlan: 'starter', subscriptionStatus: 'active', trialEndsAt: null, notice: null });
  });

  it('closing billing without keys: nothing to cancel is fine; a recorded subscription cannot be left charging (502, link kept)', async () => {
    await mem.billingModule.saveCustomer('u1', 'cus_1');
    await closeBilling(null, 'u1');
    expect(mem.state.accounts.has('u1')).toBe(false);
    expect(mem.state.customers.has('cus_1')).toBe(false);

    await mem.billingModule.saveCustomer('u1', 'cus_2');
    await mem.billingModule.saveSubscriptionId('u1', 'sub_2');
    await expect(closeBilling(null, 'u1')).rejects.toMatchObject({ kind: 'upstream', message: expect.stringMatching(/^Stripe could not cancel the subscription, so nothing was deleted/) });
    expect(mem.state.accounts.get('u1')).toEqual({ customerId: 'cus_2', subscriptionId: 'sub_2' });
  });

  it('signed out is a 401', async () => {
    expect((await call('PUT', '/api/subscription', { plan: 'growth' }, null)).statusCode).toBe(401);
  });
});
