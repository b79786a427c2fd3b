/** Starts one local stack (in-memory DynamoDB Local, cognito-local, the gateway, queues, Meta sandbox) for the integration and browser tests. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { FAKE_STRIPE_PUBLISHABLE_KEY, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from './fake-stripe.js';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string; stackEnv: Record<string, string>; stripeWebhookSecret: string; stripeApi: { host: string; port: number } }
}

export default async function setup(project: TestProject) {
  const stripe = await startFakeStripe();
  const extraEnv = {
    // Many users register from one IP during the suite; the per-email limit is what the tests exercise.
    RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_EMAIL: '10',
    // Likewise every test signs in from 127.0.0.1: only the per-email and per-email-and-IP lockouts are exercised.
    LOCKOUT_FREE_PER_IP: '100000',
    // The public API: a small per-key limit the tests reach, and webhook retries a second apart (30 s by default).
    RATE_LIMIT_API_KEY_PER_MINUTE: '30', WEBHOOK_RETRY_BASE_SECONDS: '1',
    // Billing against the fake Stripe server (test/support/fake-stripe.ts).
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_HOST: stripe.host, STRIPE_API_PORT: String(stripe.port), STRIPE_API_PROTOCOL: 'http',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./stack-process.ts', import.meta.url))], {
    env: { ...process.env, STACK_EXTRA_ENV: JSON.stringify(extraEnv) }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ ready: boolean; url?: string; env?: Record<string, string>; error?: string }>((resolve, reject) => {
    lines.on('line', (line) => { if (line.startsWith('{"ready"')) resolve(JSON.parse(line)); else process.stdout.write(`${line}\n`); });
    child.once('exit', (code) => reject(new Error(`the test stack exited (code ${code}) before it was ready`)));
  });
  if (!ready.ready) throw new Error(`the test stack could not start: ${ready.error}`);
  project.provide('baseUrl', ready.url!);
  project.provide('stackEnv', ready.env!);
  project.provide('stripeWebhookSecret', FAKE_STRIPE_WEBHOOK_SECRET);
  project.provide('stripeApi', { host: stripe.host, port: stripe.port });
  return async () => {
    await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
    await stripe.close();
  };
}
