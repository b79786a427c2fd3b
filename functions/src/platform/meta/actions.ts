/** Moderation actions on Meta: reply, hide/unhide, delete — Facebook and Instagram — and failure reasons. */
import * as z from 'zod';
import { MetaApiError, NotFoundError, PermissionError, ThrottledError, TokenInvalidError, TransientError } from './errors.js';
import type { GraphClient } from './http.js';
import type { PlatformName } from './types.js';

const Created = z.object({ id: z.string() });
const Success = z.object({ success: z.boolean() });

export interface ActionTarget { platform: PlatformName; commentId: string; /** Page token (also for Instagram). */ token: string }

/** Facebook: POST /{comment-id}/comments; Instagram: POST /{ig-comment-id}/replies. Returns the reply's id. */
export async function replyToComment(client: GraphClient, t: ActionTarget, message: string): Promise<{ id: string }> {
  const edge = t.platform === 'facebook' ? 'comments' : 'replies';
  return client.post(`${t.commentId}/${edge}`, t.token, { message }, Created);
}

/** Facebook: POST /{comment-id} is_hidden; Instagram: POST /{ig-comment-id} hide. */
export async function setCommentHidden(client: GraphClient, t: ActionTarget, hidden: boolean): Promise<void> {
  const params = t.platform === 'facebook' ? { is_hidden: hidden } : { hide: hidden };
  const r = await client.post(t.commentId, t.token, params, Success);
  if (!r.success) throw new MetaApiError('Meta did not confirm the hide/unhide', 200);
}

/**
 * Meta's private reply (reference A5): `POST /{page-id}/messages` (Facebook) or the Instagram account's
 * messages edge, with `recipient.comment_id`. `accountId` is the page or Instagram account id.
 */
export async function sendPrivateReply(client: GraphClient, t: ActionTarget, accountId: string, text: string): Promise<void> {
  await client.post(`${accountId}/messages`, t.token, {
    recipient: JSON.stringify({ comment_id: t.commentId }),
    message: JSON.stringify({ text }),
  }, z.object({ recipient_id: z.string().optional(), message_id: z.string().optional() }));
}

/** Blocks a person from a Facebook page: `POST /{page-id}/blocked` with `user` (the person's page-scoped id). */
export async function blockFromPage(client: GraphClient, token: string, pageId: string, personId: string): Promise<void> {
  await client.post(`${pageId}/blocked`, token, { user: personId }, z.record(z.string(), z.unknown()));
}

const FbCommentState = z.object({ id: z.string(), is_hidden: z.boolean().optional(), can_reply_privately: z.boolean().optional() });
const IgCommentState = z.object({ id: z.string(), hidden: z.boolean().optional() });
const ReplyItem = z.object({ id: z.string(), message: z.string().optional(), text: z.string().optional(), from: z.object({ id: z.string() }).optional() });

/** The comment now: whether it exists, is hidden, the page's replies under it, whether a private reply is still possible. */
export async function readCommentState(client: GraphClient, t: ActionTarget, accountId: string): Promise<{ exists: boolean; hidden: boolean; pageReplies: { id: string; text: string }[]; canReplyPrivately: boolean }> {
  try {
    const fb = t.platform === 'facebook';
    const c = fb
      ? await client.get(t.commentId, t.token, { fields: 'id,is_hidden,can_reply_privately' }, FbCommentState)
      : await client.get(t.commentId, t.token, { fields: 'id,hidden' }, IgCommentState);
    const replies = await client.all(`${t.commentId}/${fb ? 'comments' : 'replies'}`, t.token, { fields: fb ? 'id,message,from' : 'id,text,from' }, ReplyItem);
    return {
      exists: true,
      hidden: fb ? Boolean((c as z.infer<typeof FbCommentState>).is_hidden) : Boolean((c as z.infer<typeof IgCommentState>).hidden),
      pageReplies: replies.filter((r) => r.from?.id === accountId).map((r) => ({ id: r.id, text: r.message ?? r.text ?? '' })),
      canReplyPrivately: fb ? (c as z.infer<typeof FbCommentState>).can_reply_privately !== false : true,
    };
  } catch (e) {
    if (e instanceof NotFoundError) return { exists: false, hidden: false, pageReplies: [], canReplyPrivately: false };
    throw e;
  }
}

const PostFields = z.object({ id: z.string(), message: z.string().optional(), caption: z.string().optional(), permalink_url: z.string().optional(), permalink: z.string().optional(), is_published: z.boolean().optional() });

/** The Facebook post (message, permalink_url, is_published) or Instagram media (caption, permalink) a comment is on. */
export async function readPost(client: GraphClient, platform: PlatformName, objectId: string, token: string): Promise<{ id: string; text: string; permalink: string | null; published: boolean } | null> {
  try {
    const fields = platform === 'facebook' ? 'id,message,permalink_url,is_published' : 'id,caption,permalink';
    const p = await client.get(objectId, token, { fields }, PostFields);
    return { id: p.id, text: p.message ?? p.caption ?? '', permalink: p.permalink_url ?? p.permalink ?? null, published: p.is_published !== false };
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
}

export async function deleteComment(client: GraphClient, t: ActionTarget): Promise<void> {
  const r = await client.delete(t.commentId, t.token, {}, Success);
  if (!r.success) throw new MetaApiError('Meta did not confirm the deletion', 200);
}

export type ActionFailureReason = 'not_found' | 'permission' | 'token_invalid' | 'throttled' | 'transient' | 'rejected';

/** A refused action, described for storage on the comment (never left in limbo). */
export function describeActionFailure(e: unknown): { reason: ActionFailureReason; message: string; retryable: boolean; retryAfterMs?: number } {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof ThrottledError) return { reason: 'throttled', message, retryable: true, retryAfterMs: e.retryAfterMs };
  if (e instanceof TransientError) return { reason: 'transient', message, retryable: true, retryAfterMs: e.retryAfterMs };
  if (e instanceof TokenInvalidError) return { reason: 'token_invalid', message, retryable: false };
  if (e instanceof NotFoundError) return { reason: 'not_found', message, retryable: false };
  if (e instanceof PermissionError) return { reason: 'permission', message, retryable: false };
  return { reason: 'rejected', message, retryable: false };
}
