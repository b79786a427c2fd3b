/**
 * Moderation workflow: queue comments for analysis, store decisions, and the human's approve,
 * override and edit — each a guarded transition (comment-state.ts) written with its counters and
 * an activity entry, followed by a live update to the user's sockets.
 */
import type { AiDecision, Comment, OverrideAction } from '@cg/shared';
import { Missing, NotAllowed, StateConflict, UpstreamFailure } from './errors.js';
import type { Notifier } from '../realtime/notifier.js';
import { assertTransition, canTransition } from './comment-state.js';
import { mayAnalyse, monthlyQuota, QUOTA_NOTICE, TRIAL_ENDED_NOTICE } from './limits.js';
import { PlatformActionError, type AnalysisQueuePort, type PlatformActionsPort } from './ports.js';
import { stores } from './store-port.js';
import type { StoredComment, WorkspaceRecord } from './model.js';

const store = stores.comments;
const usage = stores.usage;
const { getWorkspace, setWorkspaceFields } = stores.workspaces;

export interface ModerationDeps { queue: AnalysisQueuePort; platform: PlatformActionsPort; notifier: Notifier }

const MAX_BULK = 5_000;

async function load(workspaceId: string, id: string): Promise<StoredComment> {
  const s = await store.getComment(workspaceId, id);
  if (!s) throw new Missing('Comment not found');
  return s;
}

function concurrent(): never {
  throw new StateConflict('This comment was changed by another action. Refresh and try again.');
}

/** Recent Activity names who acted. */
function withActor(description: string, by: string | undefined): string {
  return by ? `${description} (by ${by})` : description;
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** What was queued, and why analysis paused if it did: the trial ended with no plan, or the month's quota is used up. */
interface Queued { ids: string[]; paused: 'trial' | 'quota' | null }

/**
 * Reserves the comments in the month's quota (atomically, so concurrent calls never pass it), marks
 * them processing and queues them; whatever is not queued in the end is given back. Past the trial
 * with no plan, or past the quota, comments stay pending (nothing lost) with a notice.
 */
async function queueForAnalysis(deps: ModerationDeps, ws: WorkspaceRecord, items: StoredComment[]): Promise<Queued> {
  const workspaceId = ws.id;
  if (!mayAnalyse(ws)) {
    if (ws.notice !== TRIAL_ENDED_NOTICE) await setWorkspaceFields(workspaceId, { notice: TRIAL_ENDED_NOTICE });
    return { ids: [], paused: 'trial' };
  }
  const movable = items.filter((s) => canTransition('process', s.comment.status));
  const reserved = await usage.reserve(workspaceId, movable.length, monthlyQuota(ws));
  const paused = reserved < movable.length ? 'quota' : null;
  const notice = paused ? QUOTA_NOTICE : ws.notice === TRIAL_ENDED_NOTICE || (ws.notice === QUOTA_NOTICE && reserved > 0) ? null : ws.notice;
  if (notice !== ws.notice) await setWorkspaceFields(workspaceId, { notice });
  let queued: StoredComment[] = [];
  try {
    queued = await store.writeMany(movable.slice(0, reserved).map((s) => ({ before: s, after: { ...s, comment: { ...s.comment, status: 'processing' as const, lastError: null } } })));
  } finally {
    await usage.release(workspaceId, reserved - queued.length); // taken meanwhile by another call
  }
  try {
    await deps.queue.enqueue(queued.map((s) => ({ workspaceId, commentId: s.comment.id })));
  } catch (err) {
    await store.writeMany(queued.map((s) => ({ before: s, after: { ...s, comment: { ...s.comment, status: 'pending' as const, lastError: 'Could not queue for analysis' } } })));
    await usage.release(workspaceId, queued.length);
    throw err;
  }
  const ids = queued.map((s) => s.comment.id);
  if (ids.length) await deps.notifier.notify(workspaceId, { type: 'comment_status_update', commentIds: ids, status: 'processing' });
  return { ids, paused };
}

async function requireWorkspace(workspaceId: string): Promise<WorkspaceRecord> {
  const ws = await getWorkspace(workspaceId);
  if (!ws) throw new Missing('Workspace not found');
  return ws;
}

export async function processComment(deps: ModerationDeps, workspaceId: string, id: string): Promise<void> {
  const s = await load(workspaceId, id);
  assertTransition('process', s.comment.status);
  const { ids, paused } = await queueForAnalysis(deps, await requireWorkspace(workspaceId), [s]);
  if (paused === 'trial') throw new NotAllowed(TRIAL_ENDED_NOTICE);
  if (paused === 'quota') throw new NotAllowed(QUOTA_NOTICE);
  if (!ids.length) concurrent();
}

/** Queues freshly arrived comments when the workspace's automation setting says so (default on). */
export async function analyseArrivals(deps: ModerationDeps, workspaceId: string, comments: Comment[]): Promise<number> {
  if (!comments.length) return 0;
  await deps.notifier.notify(workspaceId, { type: 'new_comments', count: comments.length, commentIds: comments.slice(0, 100).map((c) => c.id) });
  const ws = await getWorkspace(workspaceId);
  if (!ws?.autoAnalyze) return 0;
  const stored = (await Promise.all(comments.filter((c) => c.status === 'pending').map((c) => store.getComment(workspaceId, c.id)))).filter((s): s is StoredComment => s !== null);
  return (await queueForAnalysis(deps, ws, stored)).ids.length;
}

export async function bulkAnalyze(deps: ModerationDeps, workspaceId: string): Promise<{ queued: number }> {
  const ws = await requireWorkspace(workspaceId);
  const pending = await store.listQueueByStatus(workspaceId, 'pending', MAX_BULK);
  const { ids } = await queueForAnalysis(deps, ws, pending);
  return { queued: ids.length };
}

export type AnalysisOutcome = { decision: AiDecision } | { error: string };

/**
 * Called by the analyser with one batch of a user's comments: those still `processing` get their
 * decision (→ processed) or go back to pending with the error, in batched transactions; a duplicate
 * delivery finds them no longer processing and changes nothing. Returns how many were written.
 * Usage was counted when they were queued; those that failed give their reservation back.
 */
export async function recordDecisions(deps: Pick<ModerationDeps, 'notifier'>, workspaceId: string, outcomes: { stored: StoredComment; outcome: AnalysisOutcome }[]): Promise<number> {
  const todo = outcomes.filter((o) => canTransition('analysed', o.stored.comment.status));
  const written = await store.writeMany(todo.map(({ stored: s, outcome }) => ({
    before: s,
    after: { ...s, comment: 'decision' in outcome ? { ...s.comment, status: 'processed' as const, aiDecision: outcome.decision, lastError: null } : { ...s.comment, status: 'pending' as const, lastError: outcome.error } },
  })));
  const processed = written.filter((s) => s.comment.status === 'processed').map((s) => s.comment.id);
  const failed = written.filter((s) => s.comment.status === 'pending').map((s) => s.comment.id);
  // Counted when queued: the failed ones are given back (they are pending again).
  if (failed.length) await usage.release(workspaceId, failed.length);
  if (processed.length) {
    await deps.notifier.notify(workspaceId, { type: 'comment_processed', commentIds: processed, ...(processed.length === 1 ? { commentId: processed[0] } : {}), status: 'processed' });
  }
  if (failed.length) await deps.notifier.notify(workspaceId, { type: 'comment_status_update', commentIds: failed, status: 'pending' });
  return written.length;
}

async function executeOnPlatform(deps: ModerationDeps, s: StoredComment, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof PlatformActionError)) throw err;
    await store.writeComment(s, { ...s, comment: { ...s.comment, lastError: err.message } });
    throw new UpstreamFailure(`The platform refused the action: ${err.message}`);
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
