/** Bridges the platform actions port to the Graph API client: reply, hide or delete one comment on its platform. */
import type { Comment } from '@cg/shared';
import { PlatformActionError } from '../domain/ports.js';
import { deleteComment, describeActionFailure, replyToComment, setCommentHidden } from './meta/actions.js';
import { MetaApiError } from './meta/errors.js';
import { graphFor } from './graph.js';

export async function platformAction(workspaceId: string, action: 'reply' | 'hide' | 'delete', comment: Comment, token: string, text?: string): Promise<void> {
  const { graph, flush } = graphFor(workspaceId);
  const target = { platform: comment.platform, commentId: comment.externalId ?? comment.id.replace(/^(facebook|instagram)_/, ''), token };
  try {
    if (action === 'reply') await replyToComment(graph, target, text ?? '');
    else if (action === 'hide') await setCommentHidden(graph, target, true);
    else await deleteComment(graph, target);
  } catch (err) {
    if (err instanceof MetaApiError) throw new PlatformActionError(describeActionFailure(err).message);
    throw err;
  } finally {
    await flush();
  }
}
