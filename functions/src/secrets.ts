/**
 * Secrets Manager at cold start: a function given `<NAME>_SECRET_ARN` reads that JSON secret once and
 * fills the environment variables the adapters read (values already in the environment win), so the
 * same code runs locally on plain variables and in AWS on secrets. Empty fields mean "not configured".
 * The same cold start reads APP_URL from the SSM parameter APP_URL_PARAMETER names (the CDK sets it
 * when the site has no custom domain): the app's origin never comes from a request header in AWS.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { config } from './config.js';

/** Secret JSON field → environment variable, per secret. */
export const SECRET_FIELDS = {
  META_SECRET_ARN: { appId: 'META_APP_ID', appSecret: 'META_APP_SECRET', verifyToken: 'META_VERIFY_TOKEN' },
  OPENAI_SECRET_ARN: { apiKey: 'OPENAI_API_KEY' },
} as const;

let client: SecretsManagerClient | undefined;

export async function loadSecretEnv(arnVar: keyof typeof SECRET_FIELDS): Promise<void> {
  await loadAppUrl();
  const arn = config.opt(arnVar);
  if (!arn) return;
  const fields: Record<string, string> = SECRET_FIELDS[arnVar];
  if (Object.values(fields).every((env) => config.opt(env))) return;
  client ??= new SecretsManagerClient({ region: config.region });
  const res = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  const json = JSON.parse(res.SecretString ?? '{}') as Record<string, unknown>;
  for (const [field, env] of Object.entries(fields)) {
    const v = json[field] ?? json[env];
    if (!config.opt(env) && typeof v === 'string' && v) process.env[env] = v;
  }
}

/** APP_URL from the parameter APP_URL_PARAMETER names, unless APP_URL is set; a missing parameter fails the cold start. */
export async function loadAppUrl(): Promise<void> {
  const name = config.opt('APP_URL_PARAMETER');
  if (!name || config.opt('APP_URL')) return;
  const res = await new SSMClient({ region: config.region }).send(new GetParameterCommand({ Name: name }));
  const value = res.Parameter?.Value;
  if (!value || !/^https?:\/\/[^/]+$/.test(value)) throw new Error(`SSM parameter ${name} must hold the site origin (https://host), got ${value ?? 'nothing'}`);
  process.env.APP_URL = value;
}
