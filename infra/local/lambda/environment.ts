/**
 * Each local function's environment: exactly what the synthesized template gives it, with every
 * CloudFormation reference (the table, the pool, the queues, the secrets, the key) resolved to its
 * local stand-in, plus what the Lambda runtime sets itself and the addresses of the local endpoints.
 * Nothing else of the parent's environment leaks in, so a variable the template forgets to give a
 * function is missing here too.
 */
import { runtimeEnvironment } from './runtime.js';
import type { FunctionSpec } from './template.js';

/** Local values of the variables the template fills with a reference, by variable name. */
export type LocalResources = Record<string, string>;

/** Secret name (commentguard/<stage>/<name> in AWS) → its JSON fields → the variable each field fills (functions/src/secrets.ts, billing/stripe-keys.ts). */
export const SECRET_FIELDS: Record<string, Record<string, string>> = {
  meta: { appId: 'META_APP_ID', appSecret: 'META_APP_SECRET', verifyToken: 'META_VERIFY_TOKEN' },
  stripe: {
    secretKey: 'STRIPE_SECRET_KEY', publishableKey: 'STRIPE_PUBLISHABLE_KEY',
    priceStarter: 'STRIPE_PRICE_STARTER', priceGrowth: 'STRIPE_PRICE_GROWTH', priceUltimate: 'STRIPE_PRICE_ULTIMATE',
  },
  'stripe-webhook': { webhookSecret: 'STRIPE_WEBHOOK_SECRET' },
  openai: { apiKey: 'OPENAI_API_KEY' },
};

/**
 * Splits configuration into the local secrets (what AWS keeps in Secrets Manager) and plain
 * variables. Stripe price ids default to the logical ids the fake Stripe knows when keys are given.
 */
export function localSecrets(config: Record<string, string>): { secrets: Record<string, Record<string, string>>; plain: Record<string, string> } {
  const secretVars = new Set(Object.values(SECRET_FIELDS).flatMap((f) => Object.values(f)));
  const secrets = Object.fromEntries(Object.entries(SECRET_FIELDS).map(([name, fields]) => [name, Object.fromEntries(Object.entries(fields).map(([field, env]) => [field, config[env] ?? '']))]));
  if (secrets.stripe!.secretKey) {
    for (const plan of ['Starter', 'Growth', 'Ultimate']) secrets.stripe![`price${plan}`] ||= `price_${plan.toLowerCase()}`;
  }
  const plain = Object.fromEntries(Object.entries(config).filter(([k]) => !secretVars.has(k)));
  return { secrets, plain };
}

export function functionEnvironment(
  spec: FunctionSpec,
  taskRoot: string,
  local: { region: string; resources: LocalResources; endpoints: Record<string, string>; overrides: Record<string, string> },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(spec.environment)) {
    if (typeof value === 'string') { env[name] = value; continue; }
    const resolved = local.resources[name];
    if (resolved === undefined) throw new Error(`The template gives the ${spec.name} function ${name} = ${JSON.stringify(value)}, which the local stack cannot resolve: add it to the local resources (infra/local/stack.ts)`);
    env[name] = resolved;
  }
  return { ...env, ...runtimeEnvironment(spec, taskRoot, local.region), ...local.endpoints, ...local.overrides };
}
