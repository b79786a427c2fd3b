/**
 * Moderation workflow: queue comments for analysis, store decisions, and the human's approve,
 * override and edit — each a guarded transition (comment-state.ts) written with its counters and
 * an activity entry, followed by a live update to the user's sockets.
 */
import type { AiDecision, Comment, OverrideAction } from '@cg/shared';
import { BadGateway, Conflict, Forbidden, NotFound } from '../http/errors.js';
import type { Notifier } from '../realtime/notifier.js';
import * as store from '../store/comments.js';
import { addAnalysed, usedThisMonth } from '../store/usage.js';
import { getWorkspace, setWorkspaceFields } from '../store/workspaces.js';
import { assertTransition, canTransition } from './comment-state.js';
import { QUOTA_NOTICE, remainingQuota } from './limits.js';
import { PlatformActionError, type AnalysisQueuePort, type PlatformActionsPort } from './ports.js';

export interface ModerationDeps { queue: AnalysisQueuePort; platform: PlatformActionsPort; notifier: Notifier }

const MAX_BULK = 5_000;

async function load(workspaceId: string, id: string): Promise<store.StoredComment> {
  const s = await store.getComment(workspaceId, id);
  if (!s) throw new NotFound('Comment not found');
  return s;
}

function concurrent(): never {
  throw new Conflict('This comment was changed by another action. Refresh and try again.');
}

/** Recent Activity names who acted. */
function withActor(description: string, by: string | undefined): string {
  return by ? `${description} (by ${by})` : description;
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Marks comments processing and queues them; if queueing fails they go back to pending. */
async function queueForAnalysis(deps: ModerationDeps, workspaceId: string, items: store.StoredComment[]): Promise<string[]> {
  // The plan's monthly analysis quota: past it, comments stay pending (nothing lost) with a notice.
  const user = await getWorkspace(workspaceId);
  const room = user ? remainingQuota(user, await usedThisMonth(workspaceId)) : 0;
  if (room < items.length && user) await setWorkspaceFields(workspaceId, { notice: QUOTA_NOTICE });
  const movable = items.slice(0, Math.max(0, room)).filter((s) => canTransition('process', s.comment.status));
  const queued = await store.writeMany(movable.map((s) => ({ before: s, after: { ...s, comment: { ...s.comment, status: 'processing' as const, lastError: null } } })));
  try {
    await deps.queue.enqueue(queued.map((s) => ({ workspaceId, commentId: s.comment.id })));
  } catch (err) {
    await store.writeMany(queued.map((s) => ({ before: s, after: { ...s, comment: { ...s.comment, status: 'pending' as const, lastError: 'Could not queue for analysis' } } })));
    throw err;
  }
  const ids = queued.map((s) => s.comment.id);
  if (ids.length) await deps.notifier.notify(workspaceId, { type: 'comment_status_update', commentIds: ids, status: 'processing' });
  return ids;
}

export async function processComment(deps: ModerationDeps, workspaceId: string, id: string): Promise<void> {
  const s = await load(workspaceId, id);
  assertTransition('process', s.comment.status);
  const user = await getWorkspace(workspaceId);
  if (user && remainingQuota(user, await usedThisMonth(workspaceId)) < 1) throw new Forbidden(QUOTA_NOTICE);
  const ids = await queueForAnalysis(deps, workspaceId, [s]);
  if (!ids.length) concurrent();
}

/** Queues freshly arrived comments when the user's automation setting says so (default on). */
export async function analyseArrivals(deps: ModerationDeps, workspaceId: string, comments: Comment[]): Promise<number> {
  if (!comments.length) return 0;
  await deps.notifier.notify(workspaceId, { type: 'new_comments', count: comments.length, commentIds: comments.slice(0, 100).map((c) => c.id) });
  const user = await getWorkspace(workspaceId);
  if (!user?.autoAnalyze) return 0;
  const stored = (await Promise.all(comments.filter((c) => c.status === 'pending').map((c) => store.getComment(workspaceId, c.id)))).filter((s): s is store.StoredComment => s !== null);
  return (await queueForAnalysis(deps, workspaceId, stored)).length;
}

export async function bulkAnalyze(deps: ModerationDeps, workspaceId: string): Promise<{ queued: number }> {
  const pending = await store.listQueueByStatus(workspaceId, 'pending', MAX_BULK);
  const ids = await queueForAnalysis(deps, workspaceId, pending);
  return { queued: ids.length };
}

export type AnalysisOutcome = { decision: AiDecision } | { error: string };

/**
 * Called by the analyser with one batch of a user's comments: those still `processing` get their
 * decision (→ processed) or go back to pending with the error, in batched transactions; a duplicate
 * delivery finds them no longer processing and changes nothing. Returns how many were written.
 */
export async function recordDecisions(deps: Pick<ModerationDeps, 'notifier'>, workspaceId: string, outcomes: { stored: store.StoredComment; outcome: AnalysisOutcome }[]): Promise<number> {
  const todo = outcomes.filter((o) => canTransition('analysed', o.stored.comment.status));
  const written = await store.writeMany(todo.map(({ stored: s, outcome }) => ({
    before: s,
    after: { ...s, comment: 'decision' in outcome ? { ...s.comment, status: 'processed' as const, aiDecision: outcome.decision, lastError: null } : { ...s.comment, status: 'pending' as const, lastError: outcome.error } },
  })));
  const processed = written.filter((s) => s.comment.status === 'processed').map((s) => s.comment.id);
  const failed = written.filter((s) => s.comment.status === 'pending').map((s) => s.comment.id);
  if (processed.length) {
    await addAnalysed(workspaceId, processed.length);
    await deps.notifier.notify(workspaceId, { type: 'comment_processed', commentIds: processed, ...(processed.length === 1 ? { commentId: processed[0] } : {}), status: 'processed' });
  }
  if (failed.length) await deps.notifier.notify(workspaceId, { type: 'comment_status_update', commentIds: failed, status: 'pending' });
  return written.length;
}

async function executeOnPlatform(deps: ModerationDeps, s: store.StoredComment, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof PlatformActionError)) throw err;
    await store.writeComment(s, { ...s, comment: { ...s.comment, lastError: err.message } });
    throw new BadGateway(`The platform refused the action: ${err.message}`);
  }
}

export async function approve(deps: ModerationDeps, workspaceId: string, id: string, by?: string): Promise<Comment> {
  const s = await load(workspaceId, id);
  assertTransition('approve', s.comment.status);
  const d = s.comment.aiDecision!;
  const review = s.review === 'changed' ? 'changed' : 'unchanged';
  let comment: Comment;
  let description: string;
  if (d.decision === 'reply' && d.suggestedReply.trim()) {
    await executeOnPlatform(deps, s, () => deps.platform.reply(workspaceId, s.comment, d.suggestedReply));
    comment = { ...s.comment, status: 'replied', lastError: null };
    description = `Replied to ${s.comment.authorName}: "${short(d.suggestedReply)}"`;
  } else if (d.decision === 'delete') {
    await executeOnPlatform(deps, s, () => deps.platform.remove(workspaceId, s.comment));
    comment = { ...s.comment, status: 'deleted', lastError: null };
    description = `Deleted a comment by ${s.comment.authorName}`;
  } else if (d.decision === 'hide') {
    await executeOnPlatform(deps, s, () => deps.platform.hide(workspaceId, s.comment));
    comment = { ...s.comment, status: 'approved', isHidden: true, lastError: null };
    description = `Hid a comment by ${s.comment.authorName}`;
  } else {
    comment = { ...s.comment, status: 'approved', lastError: null };
    description = `Approved: no action needed on ${s.comment.authorName}'s comment`;
  }
  const next = await store.writeComment(s, { ...s, comment, review }, withActor(description, by));
  if (!next) concurrent();
  await deps.notifier.notify(workspaceId, { type: 'comment_action_executed', commentId: id, status: comment.status });
  return comment;
}

export async function override(deps: ModerationDeps, workspaceId: string, id: string, action: OverrideAction, by?: string): Promise<Comment> {
  const s = await load(workspaceId, id);
  assertTransition('override', s.comment.status);
  const d = s.comment.aiDecision!;
  let comment: Comment;
  let description: string;
  if (action === 'ignore') {
    comment = { ...s.comment, status: 'approved', aiDecision: { ...d, decision: 'ignore' }, lastError: null };
    description = `Kept ${s.comment.authorName}'s comment (override: ignore)`;
  } else {
    if (d.suggestedReply.trim()) await executeOnPlatform(deps, s, () => deps.platform.reply(workspaceId, s.comment, d.suggestedReply));
    comment = { ...s.comment, status: 'replied', aiDecision: { ...d, decision: 'reply' }, lastError: null };
    description = `Replied instead of ${d.decision} on ${s.comment.authorName}'s comment`;
  }
  const next = await store.writeComment(s, { ...s, comment, review: 'changed' }, withActor(description, by));
  if (!next) concurrent();
  await deps.notifier.notify(workspaceId, { type: 'comment_overridden', commentId: id, status: comment.status });
  return comment;
}

export async function updateReply(deps: ModerationDeps, workspaceId: string, id: string, suggestedReply: string, by?: string): Promise<Comment> {
  const s = await load(workspaceId, id);
  assertTransition('updateReply', s.comment.status);
  const comment: Comment = { ...s.comment, aiDecision: { ...s.comment.aiDecision!, suggestedReply, decision: 'reply' } };
  const next = await store.writeComment(s, { ...s, comment, review: 'changed' }, withActor(`Edited the reply to ${s.comment.authorName}`, by));
  if (!next) concurrent();
  await deps.notifier.notify(workspaceId, { type: 'comment_status_update', commentId: id, status: comment.status });
  return comment;
}
