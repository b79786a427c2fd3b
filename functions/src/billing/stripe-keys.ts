/**
 * Stripe keys: from the environment first; in AWS from the JSON secret named by STRIPE_SECRET_ARN
 * (Secrets Manager), loaded once per cold start. null when billing is not configured (design D8).
 * Secret JSON: { "secretKey", "publishableKey", "webhookSecret", "priceStarter", "priceGrowth",
 * "priceUltimate" } (STRIPE_SECRET_KEY-style names also accepted); the price fields fill
 * STRIPE_PRICE_STARTER|GROWTH|ULTIMATE (prices.ts) unless those are set, before any Stripe call.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../config.js';

export interface StripeKeys { secretKey: string; publishableKey: string; webhookSecret: string | null }

let cached: Promise<StripeKeys | null> | undefined;

function pick(obj: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = obj[n];
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}

async function load(): Promise<StripeKeys | null> {
  const fromEnv = {
    secretKey: config.opt('STRIPE_SECRET_KEY'),
    publishableKey: config.opt('STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: config.opt('STRIPE_WEBHOOK_SECRET'),
  };
  const arn = config.opt('STRIPE_SECRET_ARN');
  if (arn && !(fromEnv.secretKey && fromEnv.publishableKey && fromEnv.webhookSecret)) {
    const client = new SecretsManagerClient({ region: config.region });
    const res = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    const json = JSON.parse(res.SecretString ?? '{}') as Record<string, unknown>;
    fromEnv.secretKey ??= pick(json, 'secretKey', 'STRIPE_SECRET_KEY');
    fromEnv.publishableKey ??= pick(json, 'publishableKey', 'STRIPE_PUBLISHABLE_KEY');
    fromEnv.webhookSecret ??= pick(json, 'webhookSecret', 'STRIPE_WEBHOOK_SECRET');
    const missing: string[] = [];
    for (const plan of ['Starter', 'Growth', 'Ultimate']) {
      const env = `STRIPE_PRICE_${plan.toUpperCase()}`;
      const price = pick(json, `price${plan}`, env);
      if (price && !config.opt(env)) process.env[env] = price;
      if (!config.opt(env)) missing.push(`price${plan}`);
    }
    // Real Stripe has no price called price_starter: a configured account must name its prices.
    if (fromEnv.secretKey && missing.length) throw new Error(`The Stripe secret has a secretKey but no ${missing.join(', ')}: set the Stripe price ids (docs/deploy.md)`);
  }
  const webhookArn = config.opt('STRIPE_WEBHOOK_SECRET_ARN');
  if (webhookArn && !fromEnv.webhookSecret) {
    const res = await new SecretsManagerClient({ region: config.region }).send(new GetSecretValueCommand({ SecretId: webhookArn }));
    const raw = res.SecretString ?? '';
    try { fromEnv.webhookSecret = pick(JSON.parse(raw) as Record<string, unknown>, 'webhookSecret', 'STRIPE_WEBHOOK_SECRET'); } catch { fromEnv.webhookSecret = raw || undefined; }
  }
  if (!fromEnv.secretKey || !fromEnv.publishableKey) return null;
  return { secretKey: fromEnv.secretKey, publishableKey: fromEnv.publishableKey, webhookSecret: fromEnv.webhookSecret ?? null };
}

/** The keys, loaded once; a failed load is retried on the next call. */
export function stripeKeys(): Promise<StripeKeys | null> {
  cached ??= load().catch((err) => { cached = undefined; throw err; });
  return cached;
}

/** Tests only: forget the cached keys. */
export function resetStripeKeys(): void { cached = undefined; }
