/** Starts one local stack (in-memory DynamoDB Local, cognito-local, the gateway) for the integration and browser tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../infra/local/stack.js';
import { FAKE_STRIPE_PUBLISHABLE_KEY, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from './fake-stripe.js';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string; stackEnv: Record<string, string>; stripeWebhookSecret: string; stripeApi: { host: string; port: number } }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-test-'));
  const stripe = await startFakeStripe();
  const stack = await startStack({
    dataDir, persist: false,
    // Many users register from one IP during the suite; the per-email limit is what the tests exercise.
    env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_EMAIL: '10',
      // Billing against the fake Stripe server (test/support/fake-stripe.ts).
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_HOST: stripe.host, STRIPE_API_PORT: String(stripe.port), STRIPE_API_PROTOCOL: 'http' },
  });
  project.provide('baseUrl', stack.url);
  project.provide('stripeWebhookSecret', FAKE_STRIPE_WEBHOOK_SECRET);
  project.provide('stripeApi', { host: stripe.host, port: stripe.port });
  project.provide('stackEnv', stack.env);
  return async () => {
    await stack.close();
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
