/** The outgoing webhook signature (issue 11, item 9) against an HMAC computed here with node:crypto directly. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature, webhookSignature } from '../../src/domain/webhook-signature.js';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"comment.received","data":{"comment":{"content":"Hé, 50% off?"}}}';
const t = 1_780_000_000;
const expectedHex = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');

describe('webhook signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    expect(webhookSignature(secret, body, t)).toBe(`t=${t},v1=${expectedHex}`);
  });

  it('verifies a good signature within the tolerance', () => {
    expect(verifyWebhookSignature(`t=${t},v1=${expectedHex}`, secret, body, { nowSeconds: t + 299 })).toBe(true);
  });

  it('refuses another body, another secret, an old or future timestamp, and malformed headers', () => {
    const header = `t=${t},v1=${expectedHex}`;
    expect(verifyWebhookSignature(header, secret, `${body} `, { nowSeconds: t })).toBe(false);
    expect(verifyWebhookSignature(header, 'whsec_other', body, { nowSeconds: t })).toBe(false);
    expect(verifyWebhookSignature(header, secret, body, { nowSeconds: t + 301 })).toBe(false);
    expect(verifyWebhookSignature(header, secret, body, { nowSeconds: t - 301 })).toBe(false);
    // The timestamp is signed too: moving it breaks the signature.
    expect(verifyWebhookSignature(`t=${t + 1},v1=${expectedHex}`, secret, body, { nowSeconds: t })).toBe(false);
    expect(verifyWebhookSignature(`v1=${expectedHex}`, secret, body, { nowSeconds: t })).toBe(false);
    expect(verifyWebhookSignature(`t=${t},v1=abc`, secret, body, { nowSeconds: t })).toBe(false);
    expect(verifyWebhookSignature('', secret, body, { nowSeconds: t })).toBe(false);
  });
});
