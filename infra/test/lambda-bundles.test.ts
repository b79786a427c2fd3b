/**
 * Every function of the synthesized App stack, loaded as Lambda loads it: its package (the bundle
 * built with the CDK's settings, and only the node_modules CDK ships beside it) in a folder outside
 * the repository whose only other module is the AWS SDK, in its own Node 22 process with only the
 * environment the template gives it (references resolved to local stand-ins for Secrets Manager,
 * SSM and KMS; DynamoDB and Cognito unreachable). Each must start and answer a minimal event.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAwsStandIns, type StandIns } from '../local/aws-standins.js';
import { ensureBundles, REPO_ROOT } from '../local/lambda/bundles.js';
import { localSecrets } from '../local/lambda/environment.js';
import { startFunctions, type LocalFunctions } from '../local/lambda/functions.js';
import type { LambdaError } from '../local/lambda/runtime.js';
import { functionSpecs, type FunctionSpec } from '../local/lambda/template.js';

const VERIFY_TOKEN = 'bundle-test-verify-token';
const UNREACHABLE = 'http://127.0.0.1:9';
let root: string;
let specs: FunctionSpec[];
let standIns: StandIns;
let fns: LocalFunctions | undefined;

beforeAll(async () => {
  [{ root }, specs] = await Promise.all([ensureBundles(), functionSpecs()]);
  const { secrets } = localSecrets({ META_APP_ID: 'app', META_APP_SECRET: 'secret', META_VERIFY_TOKEN: VERIFY_TOKEN });
  const parameters = Object.fromEntries(specs.flatMap((s) => (typeof s.environment.APP_URL_PARAMETER === 'string' ? [[s.environment.APP_URL_PARAMETER, 'https://app.example.com']] : [])));
  standIns = await startAwsStandIns({ region: 'us-east-1', secrets, parameters });
  const resources = {
    TABLE_NAME: 'Bundles', COGNITO_USER_POOL_ID: 'us-east-1_local', COGNITO_CLIENT_ID: 'client', WS_ENDPOINT: UNREACHABLE, APP_URL: 'https://app.example.com',
    ANALYSIS_QUEUE_URL: `${UNREACHABLE}/000000000000/analysis`, JOBS_QUEUE_URL: `${UNREACHABLE}/000000000000/jobs`, WEBHOOK_DELIVERIES_QUEUE_URL: `${UNREACHABLE}/000000000000/webhook-deliveries`, EXPORTS_BUCKET: 'exports', META_EVENTS_QUEUE_URL: `${UNREACHABLE}/000000000000/meta-events`, TOKEN_KEY_ID: standIns.keyArn,
    BRAND_SCHEDULE_ROLE_ARN: 'arn:aws:iam::000000000000:role/brand-schedules', BRAND_SCHEDULE_TARGET_ARN: 'arn:aws:lambda:us-east-1:000000000000:function:automation',
    META_SECRET_ARN: standIns.secretArn('meta'), STRIPE_SECRET_ARN: standIns.secretArn('stripe'), STRIPE_WEBHOOK_SECRET_ARN: standIns.secretArn('stripe-webhook'), OPENAI_SECRET_ARN: standIns.secretArn('openai'),
  };
  const endpoints = { DYNAMODB_ENDPOINT: UNREACHABLE, COGNITO_ENDPOINT: UNREACHABLE, SQS_ENDPOINT: UNREACHABLE, ...standIns.endpointEnv };
  // The SDK gives up at once on the unreachable services, so handlers that reach them answer with their error quickly.
  fns = startFunctions({ specs, buildDir: root, region: 'us-east-1', resources, endpoints, overrides: { AWS_MAX_ATTEMPTS: '1' }, log: () => undefined });
}, 180_000);

afterAll(async () => {
  await fns?.close();
  await standIns?.close();
});

/** The result, or the handler's own error: anything but a runtime failure (import, missing handler, crash, timeout). */
async function answer(name: string, event: unknown): Promise<unknown> {
  try {
    return await fns!.invoker(name)(event);
  } catch (err) {
    const e = err as LambdaError;
    expect(e.errorType, `${name}: ${e.errorType}: ${e.message}`).not.toMatch(/^(Runtime\.|Sandbox\.)/);
    return e;
  }
}

const rest = (method: string, path: string, query: Record<string, string> | null = null) => ({
  resource: path, path, httpMethod: method, headers: { Host: 'api.local' }, multiValueHeaders: {}, queryStringParameters: query, multiValueQueryStringParameters: null,
  pathParameters: null, stageVariables: null, body: null, isBase64Encoded: false,
  requestContext: { stage: 'prod', requestId: 'r1', httpMethod: method, path, identity: { sourceIp: '198.51.100.7' }, authorizer: null },
});

describe('synthesized Lambda packages, each alone with the AWS SDK', () => {
  it('are the nine functions of the template, on nodejs22.x, each with its own package and only the runtime SDK beside them', () => {
    expect(specs.map((s) => s.name).sort()).toEqual(['analyser', 'api', 'authorizer', 'automation', 'jobs', 'meta-events', 'webhook-deliveries', 'webhooks', 'ws']);
    for (const s of specs) {
      expect(s.runtime, s.name).toBe('nodejs22.x');
      expect(s.handler, s.name).toBe('index.handler');
      expect(existsSync(join(root, 'task', s.name, 'index.mjs')), s.name).toBe(true);
    }
    expect(readdirSync(join(root, 'node_modules'))).toEqual(['@aws-sdk']);
    expect(root.startsWith(REPO_ROOT)).toBe(false);
  });

  it('api starts (secrets and APP_URL read at cold start) and answers an unknown path with a 404', async () => {
    const res = (await answer('api', rest('GET', '/api/no-such-route'))) as { statusCode: number };
    expect(res.statusCode).toBe(404);
  });

  it("webhooks starts and answers Meta's verification handshake with the challenge, using the verify token from its secret", async () => {
    const res = (await answer('webhooks', rest('GET', '/webhooks/meta', { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '4711' }))) as { statusCode: number; body: string };
    expect(res).toMatchObject({ statusCode: 200, body: '4711' });
  });

  it('authorizer starts and refuses a request without a session cookie', async () => {
    const res = await answer('authorizer', { type: 'REQUEST', methodArn: 'arn:aws:execute-api:us-east-1:0:api/prod/GET/api/user', headers: {}, requestContext: {} });
    expect((res as Error).message).toBe('Unauthorized');
  });

  it('analyser, meta-events and jobs start and answer an empty batch with no failures', async () => {
    for (const name of ['analyser', 'meta-events', 'jobs']) expect(await answer(name, { Records: [] }), name).toEqual({ batchItemFailures: [] });
  });

  it('ws and automation start and answer (their store is unreachable here)', async () => {
    await answer('ws', { requestContext: { routeKey: '$disconnect', eventType: 'DISCONNECT', connectionId: 'c1', stage: 'ws', domainName: 'x' } });
    await answer('automation', { task: 'daily' });
  }, 60_000);

  it("ships zod beside the analyser's openai, so openai/helpers/zod loads from its package", () => {
    const dir = join(root, 'task', 'analyser');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('openai/helpers/zod'); console.log(typeof m.zodResponseFormat)"], { cwd: dir, encoding: 'utf8' });
    expect(out.trim()).toBe('function');
  });
});
