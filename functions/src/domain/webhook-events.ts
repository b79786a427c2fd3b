/**
 * Applies Meta webhook changes to stored comments: add (insert-if-absent, then analysis),
 * edited (new text, back to pending for a fresh decision unless already acted on), remove
 * (deleted), hide/unhide. Each change is applied once (dedupe on comment id + verb + time).
 */
import type { Comment } from '@cg/shared';
import type { PlatformComment } from '../platform/meta/types.js';
import type { WebhookCommentEvent } from '../platform/meta/webhooks.js';
import * as store from '../store/comments.js';
import { claimWebhookEvent, getPageOwner } from '../store/meta.js';
import { analyseArrivals, type ModerationDeps } from './moderation.js';
import { toComment } from './sync.js';

const FINAL = new Set(['replied', 'deleted', 'approved']);

export async function applyWebhookEvent(deps: ModerationDeps, e: WebhookCommentEvent): Promise<'applied' | 'duplicate' | 'unknown-account' | 'missing'> {
  const owner = await getPageOwner(e.accountExternalId);
  if (!owner) return 'unknown-account';
  const c: PlatformComment = {
    authorId: '', authorName: e.platform === 'instagram' ? 'Instagram user' : 'Facebook user', content: '', postId: '',
    timestamp: new Date().toISOString(), isHidden: false, fromPage: false, ...e.comment,
  };
  if (!(await claimWebhookEvent(e.dedupeKey))) return 'duplicate';
  const id = `${c.platform}_${c.externalId}`;
  if (e.verb === 'add') {
    const added = await store.insertNew(owner.userId, [toComment(c, owner.accountId)]);
    await analyseArrivals(deps, owner.userId, added);
    return 'applied';
  }
  const s = await store.getComment(owner.userId, id);
  if (!s) {
    if (e.verb === 'edited') { await store.insertNew(owner.userId, [toComment(c, owner.accountId)]); return 'applied'; }
    return 'missing';
  }
  let comment: Comment = s.comment;
  if (e.verb === 'edited') {
    const redo = !FINAL.has(s.comment.status) && s.comment.status !== 'processing';
    comment = { ...comment, content: c.content || comment.content, ...(redo ? { status: 'pending', aiDecision: null } : {}) };
  } else if (e.verb === 'remove') {
    comment = { ...comment, status: 'deleted' };
  } else {
    comment = { ...comment, isHidden: e.verb === 'hide' };
  }
  await store.writeComment(s, { ...s, comment, ...(e.verb === 'edited' && comment.status === 'pending' ? { review: null } : {}) });
  await deps.notifier.notify(owner.userId, { type: 'comment_status_update', commentId: id, status: comment.status });
  return 'applied';
}
