/**
 * Applies Meta webhook changes to stored comments: add (insert-if-absent, then analysis),
 * edited (new text, back to pending for a fresh decision unless already acted on), remove
 * (deleted), hide/unhide. Each change is applied once (dedupe on comment id + verb + time).
 */
import type { Comment } from '@cg/shared';
import type { PlatformComment } from '../platform/meta/types.js';
import type { WebhookCommentEvent } from '../platform/meta/webhooks.js';
import * as store from '../store/comments.js';
import { claimWebhookEvent, getPageOwner, type PageOwner } from '../store/meta.js';
import { analyseArrivals, type ModerationDeps } from './moderation.js';
import { toComment } from './sync.js';

const FINAL = new Set(['replied', 'deleted', 'approved']);

/** Page owners looked up once per batch of webhook changes (a batch usually concerns one page). */
export type OwnerCache = Map<string, Promise<PageOwner | null>>;
function ownerOf(externalId: string, cache: OwnerCache): Promise<PageOwner | null> {
  let owner = cache.get(externalId);
  if (!owner) cache.set(externalId, (owner = getPageOwner(externalId)));
  return owner;
}

export async function applyWebhookEvent(deps: ModerationDeps, e: WebhookCommentEvent, owners: OwnerCache = new Map()): Promise<'applied' | 'duplicate' | 'unknown-account' | 'missing'> {
  const owner = await ownerOf(e.accountExternalId, owners);
  if (!owner) return 'unknown-account';
  const c: PlatformComment = {
    authorId: '', authorName: e.platform === 'instagram' ? 'Instagram user' : 'Facebook user', content: '', postId: '',
    timestamp: new Date().toISOString(), isHidden: false, fromPage: false, ...e.comment,
  };
  const id = `${c.platform}_${c.externalId}`;
  if (e.verb === 'add') {
    // Insert-if-absent is itself the dedupe for additions.
    const added = await store.insertNew(owner.workspaceId, [toComment(c, owner.accountId)]);
    if (!added.length) return 'duplicate';
    await analyseArrivals(deps, owner.workspaceId, added);
    return 'applied';
  }
  if (!(await claimWebhookEvent(e.dedupeKey))) return 'duplicate';
  // Changes to one comment can arrive together (edit, hide, remove): re-read and re-apply when another write won.
  for (let attempt = 0; attempt < 10; attempt++) {
    const s = await store.getComment(owner.workspaceId, id);
    if (!s) {
      if (e.verb === 'edited') { await store.insertNew(owner.workspaceId, [toComment(c, owner.accountId)]); return 'applied'; }
      return 'missing';
    }
    const comment = applyChange(s.comment, e.verb, c.content);
    const written = await store.writeComment(s, { ...s, comment, ...(comment.status === 'pending' && s.comment.status !== 'pending' ? { review: null } : {}) });
    if (written) {
      await deps.notifier.notify(owner.workspaceId, { type: 'comment_status_update', commentId: id, status: comment.status });
      return 'applied';
    }
  }
  throw new Error(`comment ${id} kept changing; the webhook change will be retried`);
}

function applyChange(current: Comment, verb: WebhookCommentEvent['verb'], content: string): Comment {
  if (verb === 'edited') {
    const redo = !FINAL.has(current.status) && current.status !== 'processing';
    return { ...current, content: content || current.content, ...(redo ? { status: 'pending', aiDecision: null } : {}) };
  }
  if (verb === 'remove') return { ...current, status: 'deleted' };
  return { ...current, isHidden: verb === 'hide' };
}
