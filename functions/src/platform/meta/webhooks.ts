/** Meta webhooks: the verify handshake, X-Hub-Signature-256 check, and parsing into normalised comment events. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import type { WebhookCommentEvent, WebhookVerb } from '../../domain/model.js';
import type { PlatformComment, PlatformName } from './types.js';
import { toIso } from './types.js';

export type { WebhookCommentEvent, WebhookVerb };

/** GET handshake: returns the challenge to echo (200) or null (answer 403). */
export function verifyHandshake(query: URLSearchParams | Record<string, string | undefined>, verifyToken: string): string | null {
  const get = (k: string) => (query instanceof URLSearchParams ? query.get(k) : query[k]) ?? undefined;
  if (get('hub.mode') !== 'subscribe' || !verifyToken) return null;
  const given = get('hub.verify_token');
  if (given === undefined || !safeEqual(given, verifyToken)) return null;
  return get('hub.challenge') ?? null;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** True when `header` is `sha256=<hex HMAC-SHA256 of the raw body keyed with the app secret>`. */
export function verifySignature(rawBody: Buffer | string, header: string | null | undefined, appSecret: string): boolean {
  if (!header || !appSecret) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(m[1]!, 'hex'));
}

/** Unix seconds from 1970 to the end of year 9999: anything else is not a time Meta sends (and breaks dates). */
const UnixTime = z.number().int('must be whole Unix seconds').min(0, 'must not be before 1970').max(253_402_300_799, 'must not be after year 9999');

const FeedValue = z.object({
  item: z.string(),
  verb: z.string(),
  comment_id: z.string().optional(),
  post_id: z.string().optional(),
  parent_id: z.string().optional(),
  from: z.object({ id: z.string(), name: z.string().optional() }).optional(),
  message: z.string().optional(),
  created_time: z.union([UnixTime, z.string().max(64)]).optional(),
});
const IgValue = z.object({
  id: z.string(),
  text: z.string().optional(),
  parent_id: z.string().optional(),
  from: z.object({ id: z.string(), username: z.string().optional() }).optional(),
  media: z.object({ id: z.string(), media_product_type: z.string().optional(), ad_id: z.string().optional(), ad_title: z.string().optional() }).optional(),
});
const Change = z.object({ field: z.string(), value: z.unknown() });
const Body = z.object({
  object: z.string(),
  entry: z.array(z.object({ id: z.string(), time: UnixTime.optional(), changes: z.array(Change).optional() })),
});

export class WebhookPayloadError extends Error {
  override name = 'WebhookPayloadError';
}

const VERBS = new Set<WebhookVerb>(['add', 'edited', 'remove', 'hide', 'unhide']);

/**
 * Parses a webhook body (raw string/Buffer or already-parsed JSON) into comment events. Skips non-comment items,
 * unknown fields/verbs and the page's (or IG account's) own comments; counts them in `skipped`.
 * Throws WebhookPayloadError on a malformed body.
 */
export function parseWebhook(body: unknown): { object: string; events: WebhookCommentEvent[]; skipped: number } {
  let json = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try { json = JSON.parse(body.toString()); } catch { throw new WebhookPayloadError('Webhook body is not JSON'); }
  }
  const parsed = Body.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
    throw new WebhookPayloadError(`Malformed webhook body: ${issues.join('; ').slice(0, 300)}`);
  }
  const events: WebhookCommentEvent[] = [];
  let skipped = 0;
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes ?? []) {
      const ev = parsed.data.object === 'page' && change.field === 'feed' ? feedEvent(entry.id, entry.time, change.value)
        : parsed.data.object === 'instagram' && change.field === 'comments' ? igEvent(entry.id, entry.time, change.value)
          : null;
      if (ev) events.push(ev);
      else skipped += 1;
    }
  }
  return { object: parsed.data.object, events, skipped };
}

function feedEvent(pageId: string, time: number | undefined, value: unknown): WebhookCommentEvent | null {
  const v = FeedValue.safeParse(value);
  if (!v.success || v.data.item !== 'comment' || !v.data.comment_id || !VERBS.has(v.data.verb as WebhookVerb)) return null;
  if (v.data.from?.id === pageId) return null;
  const d = v.data;
  const verb = d.verb as WebhookVerb;
  const parentId = d.parent_id && d.parent_id !== d.post_id ? d.parent_id : undefined;
  const created = d.created_time === undefined ? undefined : typeof d.created_time === 'number' ? toIso(d.created_time) : toIso(d.created_time);
  return {
    platform: 'facebook', verb, accountExternalId: pageId,
    dedupeKey: `facebook:${d.comment_id}:${verb}${verb === 'edited' ? `:${time ?? ''}` : ''}`,
    comment: {
      platform: 'facebook', externalId: d.comment_id!, accountExternalId: pageId,
      ...(d.post_id ? { postId: d.post_id } : {}),
      ...(parentId ? { parentId } : {}),
      ...(d.from ? { authorId: d.from.id, authorName: d.from.name ?? 'Facebook user', fromPage: false } : {}),
      ...(d.message !== undefined ? { content: d.message } : {}),
      ...(created ? { timestamp: created } : {}),
      ...(verb === 'hide' ? { isHidden: true } : verb === 'unhide' ? { isHidden: false } : {}),
    },
  };
}

function igEvent(igUserId: string, time: number | undefined, value: unknown): WebhookCommentEvent | null {
  const v = IgValue.safeParse(value);
  if (!v.success) return null;
  const d = v.data;
  if (d.from?.id === igUserId) return null;
  return {
    platform: 'instagram', verb: 'add', accountExternalId: igUserId,
    dedupeKey: `instagram:${d.id}:add`,
    comment: {
      platform: 'instagram', externalId: d.id, accountExternalId: igUserId,
      ...(d.media ? { postId: d.media.id } : {}),
      ...(d.media?.ad_id ? { adId: d.media.ad_id } : {}),
      ...(d.media?.ad_title ? { adTitle: d.media.ad_title } : {}),
      ...(d.parent_id ? { parentId: d.parent_id } : {}),
      ...(d.from ? { authorId: d.from.id, authorName: d.from.username ?? 'instagram_user', fromPage: false } : {}),
      ...(d.text !== undefined ? { content: d.text } : {}),
      timestamp: toIso(time ?? Math.floor(Date.now() / 1000)),
      isHidden: false,
    },
  };
}
