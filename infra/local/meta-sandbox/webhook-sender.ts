/** Builds Meta-shaped webhook payloads (page feed, instagram comments), signs them and delivers them in order. */
import { createHmac } from 'node:crypto';
import type { AnyComment, World } from './model.js';

export type FeedVerb = 'add' | 'edited' | 'remove' | 'hide' | 'unhide';

export interface Delivery { at: string; url: string; status: number | null; ok: boolean; attempts: number; entries: number; error?: string }

export function sign(body: string, appSecret: string): { sha256: string; sha1: string } {
  return {
    sha256: 'sha256=' + createHmac('sha256', appSecret).update(body).digest('hex'),
    sha1: 'sha1=' + createHmac('sha1', appSecret).update(body).digest('hex'),
  };
}

/** One `entry` of a webhook body for a comment event (Graph API webhooks reference, page feed / instagram comments). */
export function entryFor(world: World, c: AnyComment, verb: FeedVerb): { object: 'page' | 'instagram'; entry: unknown } {
  const time = Math.floor(Date.now() / 1000);
  if (c.platform === 'facebook') {
    const post = world.posts.get(c.postId);
    const value: Record<string, unknown> = {
      from: { id: c.fromId, name: c.fromName },
      post: { status_type: 'added_photos', is_published: post?.published ?? true, updated_time: new Date().toISOString().replace(/\.\d{3}Z$/, '+0000'), id: c.postId },
      item: 'comment', verb, comment_id: c.id, post_id: c.postId, parent_id: c.parentId ?? c.postId,
      created_time: Math.floor(c.createdTime / 1000),
    };
    if (verb !== 'remove') value.message = c.message;
    return { object: 'page', entry: { id: c.pageId, time, changes: [{ field: 'feed', value }] } };
  }
  const media = world.media.get(c.mediaId);
  const ad = media?.adId ? world.ads.get(media.adId) : undefined;
  const value: Record<string, unknown> = {
    from: { id: c.fromId, username: c.username },
    media: { id: c.mediaId, media_product_type: 'FEED', ...(ad ? { ad_id: ad.id, ad_title: ad.name } : {}) },
    id: c.id, text: c.text,
    ...(c.parentId ? { parent_id: c.parentId } : {}),
  };
  return { object: 'instagram', entry: { id: c.igUserId, time, changes: [{ field: 'comments', value }] } };
}

export class WebhookSender {
  deliveries: Delivery[] = [];
  sent = 0;
  failed = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly appSecret: () => string, private readonly url: () => string | undefined) {}

  /** Queues one POST carrying all entries (same object type); resolves when it is delivered or given up. */
  send(object: 'page' | 'instagram', entries: unknown[]): Promise<Delivery | undefined> {
    const url = this.url();
    if (!url || entries.length === 0) return Promise.resolve(undefined);
    const body = JSON.stringify({ object, entry: entries });
    const result = this.chain.then(() => this.deliver(url, body, entries.length));
    this.chain = result.then(() => undefined, () => undefined);
    return result;
  }

  /** Sends a raw body exactly as given (signed), e.g. for replay tests. */
  sendRaw(body: string): Promise<Delivery | undefined> {
    const url = this.url();
    if (!url) return Promise.resolve(undefined);
    const result = this.chain.then(() => this.deliver(url, body, 0));
    this.chain = result.then(() => undefined, () => undefined);
    return result;
  }

  flush(): Promise<void> {
    return this.chain;
  }

  private async deliver(url: string, body: string, entries: number): Promise<Delivery> {
    const sig = sign(body, this.appSecret());
    const d: Delivery = { at: new Date().toISOString(), url, status: null, ok: false, attempts: 0, entries };
    for (let attempt = 0; attempt < 3 && !d.ok; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      d.attempts += 1;
      try {
        const res = await fetch(url, {
          method: 'POST', body,
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': sig.sha256, 'x-hub-signature': sig.sha1, 'user-agent': 'facebookexternalua' },
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        d.status = res.status;
        d.ok = res.ok;
        if (!res.ok && res.status < 500 && res.status !== 429) break;
      } catch (e) {
        d.error = e instanceof Error ? e.message : String(e);
      }
    }
    if (d.ok) this.sent += 1;
    else this.failed += 1;
    this.deliveries.push(d);
    if (this.deliveries.length > 200) this.deliveries.shift();
    return d;
  }
}

/** Meta's verification GET against the callback URL; true when the challenge is echoed. */
export async function verifyCallback(url: string, verifyToken: string): Promise<boolean> {
  const challenge = String(Math.floor(Math.random() * 1e9));
  const u = new URL(url);
  u.searchParams.set('hub.mode', 'subscribe');
  u.searchParams.set('hub.challenge', challenge);
  u.searchParams.set('hub.verify_token', verifyToken);
  try {
    const res = await fetch(u, { signal: AbortSignal.timeout(10_000) });
    return res.ok && (await res.text()).trim() === challenge;
  } catch {
    return false;
  }
}
