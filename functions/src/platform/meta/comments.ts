/** Facebook comments: page posts (visitor posts included) and dark posts, all comments flattened with filter=stream. */
import * as z from 'zod';
import type { GraphClient } from './http.js';
import { FB_COMMENT_FIELDS, FbCommentSchema, normaliseFacebookComment } from './normalise.js';
import type { PlatformComment } from './types.js';
import { toIso } from './types.js';

export interface FacebookPost { id: string; message?: string; createdTime: string }
const PostSchema = z.object({ id: z.string(), message: z.string().optional(), created_time: z.string() });

/** A post whose comments we read: a feed post, or a dark post reached through an ad's effective_object_story_id. */
export interface FacebookCommentSource { pageId: string; postId: string; adId?: string }

export interface SinceOption { /** Only comments created at or after this instant (incremental sync). */ since?: Date | string }
/** Graph times have whole seconds, so a since-time is compared at second precision. */
const sinceMs = (s: SinceOption['since']) => (s === undefined ? undefined : Math.floor(new Date(s).getTime() / 1000) * 1000);

/** Posts of the page's feed (its own and visitors'), newest first, paging followed. `postsSince` bounds the walk. */
export async function listPagePosts(client: GraphClient, pageId: string, pageToken: string, opts: { postsSince?: Date | string } = {}): Promise<FacebookPost[]> {
  const since = sinceMs(opts.postsSince);
  const out: FacebookPost[] = [];
  for await (const page of client.pages(`${pageId}/feed`, pageToken, {
    fields: 'id,message,created_time', limit: 100, ...(since ? { since: Math.floor(since / 1000) } : {}),
  }, PostSchema)) {
    out.push(...page.items.map((p) => ({ id: p.id, message: p.message, createdTime: toIso(p.created_time) })));
  }
  return out;
}

/**
 * Every comment of one post (top-level and replies, flattened with `filter=stream`), newest first, one array per
 * Graph page. With `since`, stops at the first older comment.
 */
export async function* facebookPostComments(
  client: GraphClient, source: FacebookCommentSource, pageToken: string, opts: SinceOption = {},
): AsyncGenerator<PlatformComment[]> {
  const since = sinceMs(opts.since);
  for await (const page of client.pages(`${source.postId}/comments`, pageToken, {
    filter: 'stream', order: 'reverse_chronological', limit: 100, fields: FB_COMMENT_FIELDS,
    ...(since ? { since: Math.floor(since / 1000) } : {}),
  }, FbCommentSchema)) {
    const comments = page.items.map((c) => normaliseFacebookComment(c, source));
    const fresh = since === undefined ? comments : comments.filter((c) => Date.parse(c.timestamp) >= since);
    if (fresh.length) yield fresh;
    if (fresh.length < comments.length) return;
  }
}

/**
 * All comments of a page: every feed post plus the ad posts given (dark posts via effective_object_story_id).
 * A post seen twice (a boosted feed post) is read once and tagged with its ad id.
 */
export async function* facebookPageComments(
  client: GraphClient,
  opts: { pageId: string; pageToken: string; adPosts?: { postId: string; adId: string }[]; postsSince?: Date | string } & SinceOption,
): AsyncGenerator<PlatformComment[]> {
  const sources = new Map<string, FacebookCommentSource>();
  for (const p of await listPagePosts(client, opts.pageId, opts.pageToken, { postsSince: opts.postsSince })) {
    sources.set(p.id, { pageId: opts.pageId, postId: p.id });
  }
  for (const ad of opts.adPosts ?? []) {
    if (!ad.postId.startsWith(`${opts.pageId}_`)) continue;
    sources.set(ad.postId, { pageId: opts.pageId, postId: ad.postId, adId: ad.adId });
  }
  for (const source of sources.values()) yield* facebookPostComments(client, source, opts.pageToken, { since: opts.since });
}
