/** Billing and usage store commands (aws-sdk-client-mock), and Stripe keys loaded from Secrets Manager once. */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

process.env.TABLE_NAME = 'T';
const usage = await import('../../src/store/usage.js');
const billing = await import('../../src/store/billing.js');
const { resetStripeKeys, stripeKeys } = await import('../../src/billing/stripe-keys.js');
const { planOfRealPrice, realPriceId } = await import('../../src/billing/prices.js');

const ddb = mockClient(DynamoDBDocumentClient);
const sm = mockClient(SecretsManagerClient);
beforeEach(() => { ddb.reset(); sm.reset(); resetStripeKeys(); });

describe('usage counter', () => {
  it('adds atomically to the item of the UTC month and reads it back', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { analysed: 12 } });
    expect(await usage.addAnalysed('u1', 5, new Date('2026-11-30T23:59:00Z'))).toBe(12);
    const input = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ pk: 'WS#u1', sk: 'USAGE#2026-11' });
    expect(input.UpdateExpression).toMatch(/^ADD analysed :n/);
    expect(input.ExpressionAttributeValues![':n']).toBe(5);

    ddb.on(GetCommand).resolves({ Item: { analysed: 12 } });
    expect(await usage.usedThisMonth('u1', new Date('2026-11-02T00:00:00Z'))).toBe(12);
    ddb.on(GetCommand).resolves({});
    expect(await usage.usedThisMonth('u1', new Date('2026-12-01T00:00:00Z'))).toBe(0);
    expect(ddb.commandCalls(GetCommand).at(-1)!.args[0].input.Key).toEqual({ pk: 'WS#u1', sk: 'USAGE#2026-12' });
  });
});

describe('event dedupe', () => {
  it('claims with a conditional put and a TTL; a second claim is refused', async () => {
    ddb.on(PutCommand).resolvesOnce({}).rejects(Object.assign(new Error('exists'), { name: 'ConditionalCheckFailedException' }));
    expect(await billing.claimEvent('evt_1', 1_000_000)).toBe(true);
    expect(await billing.claimEvent('evt_1', 1_000_000)).toBe(false);
    const input = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(input.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(input.Item).toMatchObject({ pk: 'STRIPEEVT#evt_1', ttl: 1000 + billing.EVENT_TTL_SECONDS });
  });
});

describe('Stripe keys', () => {
  it('null without keys (billing not configured)', async () => {
    expect(await stripeKeys()).toBeNull();
  });

  const PRICES = { priceStarter: 'price_1Sa', priceGrowth: 'price_1Gb', priceUltimate: 'price_1Uc' };
  const clearStripeEnv = () => { for (const k of ['STRIPE_SECRET_ARN', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_GROWTH', 'STRIPE_PRICE_ULTIMATE']) delete process.env[k]; };

  it('read from the Secrets Manager JSON secret once per cold start, with the price ids Stripe is sent', async () => {
    process.env.STRIPE_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:1:secret:stripe';
    try {
      sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecret: 'whsec_x', ...PRICES }) });
      expect(await stripeKeys()).toEqual({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecret: 'whsec_x' });
      await stripeKeys();
      expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
      expect([realPriceId('starter'), realPriceId('growth'), realPriceId('ultimate')]).toEqual(['price_1Sa', 'price_1Gb', 'price_1Uc']);
      expect(planOfRealPrice('price_1Gb')).toBe('growth');
    } finally {
      clearStripeEnv();
    }
  });

  it('refuse a secret with a Stripe key but no price ids, naming the missing ones', async () => {
    process.env.STRIPE_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:1:secret:stripe';
    try {
      sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x', priceStarter: 'price_1Sa' }) });
      await expect(stripeKeys()).rejects.toThrow(/no priceGrowth, priceUltimate/);
    } finally {
      clearStripeEnv();
    }
  });
});
