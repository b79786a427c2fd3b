/**
 * Applies Meta webhook changes to stored comments: add (insert-if-absent, then analysis),
 * edited (new text, back to pending for a fresh decision unless already acted on), remove
 * (deleted), hide/unhide. A page connected by several workspaces (an agency and its client) gets
 * each change applied to every workspace's copy, independently. Edits and removals are applied once per
 * workspace (dedupe on comment id + verb + time + workspace). Hide and unhide notices arrive late and
 * out of order (the one for our own hide can come after our unhide): the platform's state, read when
 * the notice arrives, decides, so applying one is idempotent and needs no dedupe.
 */
import type { Comment } from '@cg/shared';
import { receiveComment } from './arrivals.js';
import type { ModerationDeps } from './moderation.js';
import { toComment } from './sync.js';
import { stores } from './store-port.js';
import { telemetry } from './telemetry-port.js';
import type { PageOwner, PlatformComment, WebhookCommentEvent } from './model.js';

const store = stores.comments;
const { claimWebhookEvent, listPageOwners, releaseWebhookEvent } = stores.meta;

const FINAL = new Set(['replied', 'deleted', 'approved']);

export type Outcome = 'applied' | 'duplicate' | 'missing';

/** Page owners looked up once per batch of webhook changes (a batch usually concerns one page). */
export type OwnerCache = Map<string, Promise<PageOwner[]>>;
function ownersOf(externalId: string, cache: OwnerCache): Promise<PageOwner[]> {
  let owners = cache.get(externalId);
  if (!owners) cache.set(externalId, (owners = listPageOwners(externalId)));
  return owners;
}

/**
 * Applies one change to every workspace that connected the account; returns one outcome per
 * workspace (none: nobody connected it). A workspace that fails does not stop the others; the
 * error is thrown after all were tried, so the message is retried (the ones done are then duplicates).
 */
export async function applyWebhookEvent(deps: ModerationDeps, e: WebhookCommentEvent, owners: OwnerCache = new Map()): Promise<Outcome[]> {
  const settled = await Promise.allSettled((await ownersOf(e.accountExternalId, owners)).map((owner) => applyFor(deps, e, owner)));
  const failed = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) throw failed.length === 1 ? failed[0]!.reason : new AggregateError(failed.map((f) => f.reason), `${failed.length} workspaces failed`);
  return settled.map((r) => (r as PromiseFulfilledResult<Outcome>).value);
}

async function applyFor(deps: ModerationDeps, e: WebhookCommentEvent, owner: PageOwner): Promise<Outcome> {
  const c: PlatformComment = {
    authorId: '', authorName: e.platform === 'instagram' ? 'Instagram user' : 'Facebook user', content: '', postId: '',
    timestamp: new Date().toISOString(), isHidden: false, fromPage: false, ...e.comment,
  };
  if (e.verb === 'add') {
    // Insert-if-absent is itself the dedupe for additions; rules without AI conditions act before the analysis (receiveComment).
    const added = await receiveComment(deps, owner.workspaceId, toComment(c, owner.accountId));
    if (!added.length) return 'duplicate';
    telemetry.metric('CommentsReceived', added.length);
    telemetry.logKeys({ workspace: owner.workspaceId, comment: added[0]!.id });
    return 'applied';
  }
  if (e.verb === 'hide' || e.verb === 'unhide') return applyChangeTo(deps, owner, c, e.verb);
  const dedupeKey = `${e.dedupeKey}#${owner.workspaceId}`;
  if (!(await claimWebhookEvent(dedupeKey))) return 'duplicate';
  try {
    return await applyChangeTo(deps, owner, c, e.verb);
  } catch (err) {
    await releaseWebhookEvent(dedupeKey).catch(() => undefined);
    throw err;
  }
}

async function applyChangeTo(deps: ModerationDeps, owner: PageOwner, c: PlatformComment, verb: WebhookCommentEvent['verb']): Promise<Outcome> {
  const id = `${c.platform}_${c.externalId}`;
  // Changes to one comment can arrive together (edit, hide, remove): re-read and re-apply when another write won.
  for (let attempt = 0; attempt < 10; attempt++) {
    const s = await store.getComment(owner.workspaceId, id);
    if (!s) {
      if (verb === 'edited') { await store.insertNew(owner.workspaceId, [toComment(c, owner.accountId)]); return 'applied'; }
      return 'missing';
    }
    const visibility = verb === 'hide' || verb === 'unhide';
    const hidden = visibility ? await hiddenNow(deps, owner.workspaceId, s.comment, verb) : s.comment.isHidden === true;
    if (visibility && hidden === (s.comment.isHidden === true)) return 'applied';
    const comment = applyChange(s.comment, verb, c.content, hidden);
    const written = await store.writeComment(s, { ...s, comment, ...(comment.status === 'pending' && s.comment.status !== 'pending' ? { review: null } : {}) });
    if (written) {
      await deps.notifier.notify(owner.workspaceId, { type: 'comment_status_update', commentId: id, status: comment.status });
      return 'applied';
    }
  }
  throw new Error(`comment ${id} kept changing; the webhook change will be retried`);
}

/** Whether the comment is hidden on the platform now; the notice's own word when the platform cannot tell (gone, or unreachable). */
async function hiddenNow(deps: ModerationDeps, workspaceId: string, comment: Comment, verb: 'hide' | 'unhide'): Promise<boolean> {
  try {
    const state = await deps.platform.commentState(workspaceId, comment);
    return state.exists ? state.hidden : verb === 'hide';
  } catch {
    return verb === 'hide';
  }
}

function applyChange(current: Comment, verb: WebhookCommentEvent['verb'], content: string, hidden: boolean): Comment {
  if (verb === 'edited') {
    const redo = !FINAL.has(current.status) && current.status !== 'processing';
    return { ...current, content: content || current.content, ...(redo ? { status: 'pending', aiDecision: null } : {}) };
  }
  if (verb === 'remove') return { ...current, status: 'deleted' };
  return { ...current, isHidden: hidden };
}
