/** Instagram: media of a business account, their top-level comments (max 50 a page) and replies; ad media too. */
import * as z from 'zod';
import type { GraphClient } from './http.js';
import { IG_COMMENT_FIELDS, IgCommentSchema, IgTopCommentSchema, normaliseInstagramComment } from './normalise.js';
import type { PlatformComment } from './types.js';
import { toIso } from './types.js';

export interface InstagramMedia { id: string; caption?: string; timestamp: string; commentsCount?: number; permalink?: string }
const MediaSchema = z.object({
  id: z.string(), caption: z.string().optional(), timestamp: z.string().optional(), comments_count: z.number().optional(), permalink: z.string().optional(),
});

export interface InstagramCommentSource { igUserId: string; igUsername?: string; mediaId: string; adId?: string }

/** Replies are nested under old top-level comments, so incremental reads look this far back for new replies. */
export const DEFAULT_REPLY_LOOKBACK_MS = 7 * 86_400_000;

export async function listInstagramMedia(client: GraphClient, igUserId: string, pageToken: string): Promise<InstagramMedia[]> {
  const items = await client.all(`${igUserId}/media`, pageToken, { fields: 'id,caption,media_type,permalink,timestamp,comments_count', limit: 100 }, MediaSchema);
  return items.map((m) => ({ id: m.id, caption: m.caption, timestamp: toIso(m.timestamp), commentsCount: m.comments_count, permalink: m.permalink }));
}

/**
 * Comments of one media, newest top-level first, replies included (nested `replies`, followed through
 * `/{comment-id}/replies` when they run over a page). With `since`: keeps comments created at or after it, and stops
 * once top-level comments are older than `since - replyLookbackMs`.
 */
export async function* instagramMediaComments(
  client: GraphClient, source: InstagramCommentSource, pageToken: string,
  opts: { since?: Date | string; replyLookbackMs?: number } = {},
): AsyncGenerator<PlatformComment[]> {
  const since = opts.since === undefined ? undefined : Math.floor(new Date(opts.since).getTime() / 1000) * 1000; // Graph times have whole seconds
  const stopBefore = since === undefined ? undefined : since - (opts.replyLookbackMs ?? DEFAULT_REPLY_LOOKBACK_MS);
  for await (const page of client.pages(`${source.mediaId}/comments`, pageToken, {
    fields: `${IG_COMMENT_FIELDS},replies{${IG_COMMENT_FIELDS}}`, limit: 50,
  }, IgTopCommentSchema)) {
    const out: PlatformComment[] = [];
    let reachedOld = false;
    for (const top of page.items) {
      out.push(normaliseInstagramComment(top, source));
      let replies = top.replies?.data ?? [];
      if (top.replies?.paging?.next) replies = await client.all(`${top.id}/replies`, pageToken, { fields: IG_COMMENT_FIELDS, limit: 50 }, IgCommentSchema);
      out.push(...replies.map((r) => normaliseInstagramComment(r, { ...source, parentId: top.id })));
      if (stopBefore !== undefined && Date.parse(toIso(top.timestamp)) < stopBefore) reachedOld = true;
    }
    const fresh = since === undefined ? out : out.filter((c) => Date.parse(c.timestamp) >= since);
    if (fresh.length) yield fresh;
    if (reachedOld) return;
  }
}

/** All comments of an Instagram account: organic media plus the ad media given (effective_instagram_media_id). */
export async function* instagramAccountComments(
  client: GraphClient,
  opts: { igUserId: string; igUsername?: string; pageToken: string; adMedia?: { mediaId: string; adId: string }[]; since?: Date | string; replyLookbackMs?: number },
): AsyncGenerator<PlatformComment[]> {
  const sources = new Map<string, InstagramCommentSource>();
  for (const m of await listInstagramMedia(client, opts.igUserId, opts.pageToken)) {
    sources.set(m.id, { igUserId: opts.igUserId, igUsername: opts.igUsername, mediaId: m.id });
  }
  for (const ad of opts.adMedia ?? []) sources.set(ad.mediaId, { igUserId: opts.igUserId, igUsername: opts.igUsername, mediaId: ad.mediaId, adId: ad.adId });
  for (const s of sources.values()) yield* instagramMediaComments(client, s, opts.pageToken, { since: opts.since, replyLookbackMs: opts.replyLookbackMs });
}
