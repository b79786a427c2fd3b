/**
 * The signature of outgoing webhook deliveries (issue 11, item 9): `t=<unix seconds>,v1=<hex>` where
 * hex is the HMAC-SHA256, keyed with the endpoint's secret, of `${t}.${body}` (the exact bytes sent).
 * Receivers recompute it, compare in constant time and refuse old timestamps (replays).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function webhookSignature(secret: string, body: string, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** True when the header signs this body with this secret within `toleranceSeconds` of now. */
export function verifyWebhookSignature(header: string, secret: string, body: string, opts: { toleranceSeconds?: number; nowSeconds?: number } = {}): boolean {
  const parts = new Map(header.split(',').map((p) => { const i = p.indexOf('='); return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const; }));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
