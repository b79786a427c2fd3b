/** Request guards (issue 9): forged forms, cross-site origins, long ids, the viewer's address; lockout delays; the token key at start. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { checkOrigin, checkPathParams, checkRequestShape, originAllowed } from '../../src/http/validate.js';
import { clientIp } from '../../src/http/router.js';
import { delaySeconds, waitLeft } from '../../src/domain/lockout.js';
import { signatureTimestamp } from '../../src/billing/stripe.js';

afterEach(() => { vi.unstubAllEnvs(); vi.resetModules(); });

describe('checkRequestShape', () => {
  const noBody = {};
  it('refuses a state-changing call without the JSON content type, body or not (415)', () => {
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      expect(() => checkRequestShape('POST', noBody, Buffer.alloc(0), type)).toThrow(expect.objectContaining({ statusCode: 415 }));
    }
    expect(() => checkRequestShape('DELETE', noBody, Buffer.alloc(0), 'application/json')).not.toThrow();
  });
  it('a malformed body on a body-less route is a 400; raw-body webhooks and GETs are left alone', () => {
    expect(() => checkRequestShape('DELETE', noBody, Buffer.from('{bad'), 'application/json')).toThrow(expect.objectContaining({ statusCode: 400, message: 'Malformed JSON body' }));
    expect(() => checkRequestShape('POST', { rawBody: true }, Buffer.from('a=1'), 'application/x-www-form-urlencoded')).not.toThrow();
    expect(() => checkRequestShape('GET', noBody, Buffer.alloc(0), undefined)).not.toThrow();
  });
});

describe('origin', () => {
  it('matches APP_URL when set, else the forwarded host; no Origin passes', () => {
    vi.stubEnv('APP_URL', 'https://app.example.com');
    expect(originAllowed({ Origin: 'https://app.example.com' })).toBe(true);
    expect(originAllowed({ origin: 'https://evil.example' })).toBe(false);
    expect(originAllowed({ origin: 'null' })).toBe(false);
    expect(originAllowed({})).toBe(true);
    vi.stubEnv('APP_URL', '');
    expect(originAllowed({ origin: 'https://d1.cloudfront.net', 'X-Forwarded-Host': 'd1.cloudfront.net', Host: 'abc.execute-api.aws' })).toBe(true);
    expect(() => checkOrigin({ origin: 'https://evil.example', host: 'd1.cloudfront.net' })).toThrow(expect.objectContaining({ statusCode: 403 }));
  });
});

it('path ids over 1 KB are a 400 naming the parameter', () => {
  expect(() => checkPathParams({ id: 'a'.repeat(1024) })).not.toThrow();
  expect(() => checkPathParams({ id: 'é'.repeat(513) })).toThrow('Path parameter id is too long');
});

it("the client IP is CloudFront's viewer address when present, else the source IP", () => {
  const ev = (headers: Record<string, string>) => ({ headers, requestContext: { identity: { sourceIp: '130.176.1.1' } } }) as unknown as APIGatewayProxyEvent;
  expect(clientIp(ev({ 'CloudFront-Viewer-Address': '198.51.100.10:46532' }))).toBe('198.51.100.10');
  expect(clientIp(ev({ 'cloudfront-viewer-address': '2001:db8::1:443' }))).toBe('2001:db8::1');
  expect(clientIp(ev({}))).toBe('130.176.1.1');
});

describe('lockout delays', () => {
  const c = { free: 5, baseSeconds: 30, maxSeconds: 900 };
  it('free failures, then 30 s doubling up to 15 min', () => {
    expect([4, 5, 6, 7, 9, 10, 40].map((n) => delaySeconds(n, c))).toEqual([0, 30, 60, 120, 480, 900, 900]);
  });
  it('the wait runs from the last failure and a day-old record is forgotten', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(waitLeft({ failures: 5, lastFailureAt: now - 10_000 }, c, now)).toBe(20);
    expect(waitLeft({ failures: 5, lastFailureAt: now - 31_000 }, c, now)).toBe(0);
    expect(waitLeft({ failures: 50, lastFailureAt: now - 25 * 3600_000 }, c, now)).toBe(0);
  });
});

it("reads a Stripe-Signature header's timestamp", () => {
  expect(signatureTimestamp('t=1700000000,v1=abc,v0=def')).toBe(1700000000);
  expect(signatureTimestamp('v1=abc')).toBeNaN();
});

describe('token key', () => {
  it('a Lambda without TOKEN_KEY_ID or TOKEN_KEY fails at start with a clear message', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'commentguard-api');
    vi.stubEnv('TOKEN_KEY_ID', '');
    vi.stubEnv('TOKEN_KEY', '');
    await expect(import('../../src/platform/tokens.js')).rejects.toThrow(/No token-encryption key is configured for commentguard-api/);
  });
  it('a local run (no Lambda) starts with the development key', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    const tokens = await import('../../src/platform/tokens.js');
    expect(await tokens.decryptToken(await tokens.encryptToken('secret'))).toBe('secret');
  });
});
