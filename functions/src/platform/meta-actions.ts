/**
 * Bridges the platform actions port to the Graph API client. Mutating calls are never retried
 * inside the client (design D15): a call that got no answer is reported as PlatformOutcomeUnknown,
 * a refusal as PlatformActionError.
 */
import type { Comment } from '@cg/shared';
import { PlatformActionError, PlatformOutcomeUnknown, type PlatformCommentState, type PlatformPostInfo } from '../domain/ports.js';
import {
  blockFromPage, deleteComment, describeActionFailure, readCommentState, readPost, replyToComment, sendPrivateReply, setCommentHidden, type ActionTarget,
} from './meta/actions.js';
import { MetaApiError, TransientError } from './meta/errors.js';
import type { GraphClient } from './meta/http.js';
import { graphFor } from './graph.js';

export type MetaAction = 'reply' | 'hide' | 'unhide' | 'delete' | 'delete_reply' | 'private_reply' | 'block';

/** The connected account an action runs with: its Meta id (page or Instagram account) and Page token. */
export interface ActingAccount { externalId: string; token: string }

export function externalCommentId(comment: Comment): string {
  return comment.externalId ?? comment.id.replace(/^(facebook|instagram)_/, '');
}

/**
 * Where a reply goes: Facebook and Instagram take replies on top-level comments only, so a reply to
 * a reply is posted in its thread (on the parent comment).
 */
export function replyTargetId(comment: Comment): string {
  return comment.parentId ?? externalCommentId(comment);
}

async function withGraph<T>(workspaceId: string, run: (graph: GraphClient) => Promise<T>, mutating: boolean): Promise<T> {
  const { graph, flush } = graphFor(workspaceId, mutating ? { transientRetries: 0 } : {});
  try {
    return await run(graph);
  } catch (err) {
    if (mutating && err instanceof TransientError) throw new PlatformOutcomeUnknown(`The platform did not answer: ${err.message}`);
    if (err instanceof MetaApiError) throw new PlatformActionError(describeActionFailure(err).message);
    throw err;
  } finally {
    await flush();
  }
}

export async function platformAction(workspaceId: string, action: MetaAction, comment: Comment, account: ActingAccount, arg?: string): Promise<{ id?: string }> {
  const target: ActionTarget = { platform: comment.platform, commentId: externalCommentId(comment), token: account.token };
  return withGraph(workspaceId, async (graph) => {
    switch (action) {
      case 'reply': return { id: (await replyToComment(graph, { ...target, commentId: replyTargetId(comment) }, arg ?? '')).id };
      case 'hide': await setCommentHidden(graph, target, true); return {};
      case 'unhide': await setCommentHidden(graph, target, false); return {};
      case 'delete': await deleteComment(graph, target); return {};
      case 'delete_reply': await deleteComment(graph, { ...target, commentId: arg ?? '' }); return {};
      case 'private_reply': await sendPrivateReply(graph, target, account.externalId, arg ?? ''); return {};
      case 'block': await blockFromPage(graph, account.token, account.externalId, comment.authorId); return {};
    }
  }, true);
}

export async function platformCommentState(workspaceId: string, comment: Comment, account: ActingAccount): Promise<PlatformCommentState> {
  const target: ActionTarget = { platform: comment.platform, commentId: externalCommentId(comment), token: account.token };
  return withGraph(workspaceId, async (graph) => {
    const own = await readCommentState(graph, target, account.externalId);
    if (!comment.parentId) return own;
    // Our replies to a reply live in its thread, under the parent comment.
    const thread = await readCommentState(graph, { ...target, commentId: comment.parentId }, account.externalId);
    return { ...own, pageReplies: thread.pageReplies };
  }, false);
}

export async function platformPostInfo(workspaceId: string, comment: Comment, account: ActingAccount): Promise<PlatformPostInfo | null> {
  if (!comment.postId) return null;
  return withGraph(workspaceId, (graph) => readPost(graph, comment.platform, comment.postId!, account.token), false);
}
