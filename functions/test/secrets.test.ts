/** Cold-start configuration: APP_URL from the SSM parameter the Web stack writes, never from a request. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { loadAppUrl } from '../src/secrets.js';

const ssm = mockClient(SSMClient);
beforeEach(() => { ssm.reset(); delete process.env.APP_URL; process.env.APP_URL_PARAMETER = '/commentguard/prod/app-url'; });
afterEach(() => { delete process.env.APP_URL; delete process.env.APP_URL_PARAMETER; });

describe('APP_URL at cold start', () => {
  it('comes from the parameter APP_URL_PARAMETER names', async () => {
    ssm.on(GetParameterCommand, { Name: '/commentguard/prod/app-url' }).resolves({ Parameter: { Value: 'https://d111.cloudfront.net' } });
    await loadAppUrl();
    expect(process.env.APP_URL).toBe('https://d111.cloudfront.net');
  });

  it('keeps an APP_URL that is already set, without reading the parameter', async () => {
    process.env.APP_URL = 'https://app.example.com';
    await loadAppUrl();
    expect(process.env.APP_URL).toBe('https://app.example.com');
    expect(ssm.calls()).toHaveLength(0);
  });

  it('fails the start when the parameter holds no origin', async () => {
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'd111.cloudfront.net/path' } });
    await expect(loadAppUrl()).rejects.toThrow(/must hold the site origin/);
    expect(process.env.APP_URL).toBeUndefined();
  });
});
