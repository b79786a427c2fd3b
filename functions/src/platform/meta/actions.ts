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
