/** Each local function's environment: the template's variables with references resolved locally, the runtime's own, and nothing else. */
import { describe, expect, it } from 'vitest';
import { functionEnvironment, localSecrets } from '../local/lambda/environment.js';
import type { FunctionSpec } from '../local/lambda/template.js';

const spec = (environment: Record<string, unknown>): FunctionSpec => ({ name: 'api', handler: 'index.handler', runtime: 'nodejs22.x', timeoutSeconds: 29, memoryMb: 1024, environment });
const local = { region: 'us-east-1', resources: { TABLE_NAME: 'Local' }, endpoints: { DYNAMODB_ENDPOINT: 'http://127.0.0.1:1' }, overrides: {} };

describe('a local function environment', () => {
  it('keeps literal values, resolves references by variable, adds the runtime variables, and inherits nothing from the stack process', () => {
    process.env.PAGEWARDEN_PARENT_ONLY = 'x';
    const env = functionEnvironment(spec({ STAGE: 'prod', TABLE_NAME: { 'Fn::GetStackOutput': { OutputName: 'Table' } } }), '/task/api', local);
    expect(env).toMatchObject({ STAGE: 'prod', TABLE_NAME: 'Local', DYNAMODB_ENDPOINT: 'http://127.0.0.1:1', LAMBDA_TASK_ROOT: '/task/api', _HANDLER: 'index.handler', AWS_REGION: 'us-east-1', AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024' });
    expect(env).not.toHaveProperty('PAGEWARDEN_PARENT_ONLY');
    expect(env).not.toHaveProperty('APP_URL');
    delete process.env.PAGEWARDEN_PARENT_ONLY;
  });

  it('refuses a reference it cannot resolve, naming the function and the variable', () => {
    expect(() => functionEnvironment(spec({ NEW_QUEUE_URL: { Ref: 'NewQueue' } }), '/task/api', local)).toThrow(/api function NEW_QUEUE_URL/);
  });

  it('puts what AWS keeps in Secrets Manager into the local secrets, and the rest into plain variables', () => {
    const { secrets, plain } = localSecrets({ META_APP_SECRET: 's', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk', RATE_LIMIT_PER_IP: '5' });
    expect(secrets.meta).toMatchObject({ appSecret: 's' });
    expect(secrets.stripe).toMatchObject({ secretKey: 'sk_test_x', priceStarter: 'price_starter', priceGrowth: 'price_growth', priceUltimate: 'price_ultimate' });
    expect(plain).toEqual({ RATE_LIMIT_PER_IP: '5' });
  });
});
