/**
 * Moderation workflow: queue comments for analysis, store decisions, and the human's approve,
 * override and edit — each a guarded transition (comment-state.ts) written with its counters,
 * an activity and history entry, followed by a live update; platform effects happen exactly once
 * (exactly-once.ts). The other actions on any comment are in actions.ts.
 */
import type { AiDecision, Comment, OverrideAction } from '@cg/shared';
import { Invalid, Missing, NotAllowed } from './errors.js';
import { assertTransition, canTransition } from './comment-state.js';
import { mayAnalyse, monthlyQuota, QUOTA_NOTICE, TRIAL_ENDED_NOTICE } from './limits.js';
import type { AnalysisQueuePort, Notifier, PlatformActionsPort } from './ports.js';
import { actOnPlatform, deleteStep, hideStep, repliedWith, replyStep, short } from './actions.js';
import { concurrent, record, type Change } from './exactly-once.js';
import { stores } from './store-port.js';
import { commentPayload, emitWebhookEvents } from './outgoing-webhooks.js';
import { removeRepeats } from './automatic.js';
import { allDone } from './gather.js';
import { checkQuota, countSentiments } from './alerts.js';
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
  await afterReserving(ws, reserved, paused);
  let queued: StoredComment[] = [];
  try {
    queued = await store.writeMany(movable.slice(0, reserved).map((s) => ({ before: s, after: { ...s, comment: { ...s.comment, status: 'processing' as const, lastError: null } } })));
  } finally {
    await usage.release(workspaceId, reserved - queued.length); // taken meanwhile by another call
  }
  await enqueue(deps, workspaceId, queued);
  const ids = queued.map((s) => s.comment.id);
  if (ids.length) await deps.notifier.notify(workspaceId, { type: 'comment_status_update', commentIds: ids, status: 'processing' });
  return { ids, paused };
}

/** The quota's alerts and the workspace's notice once comments were reserved for analysis (or refused: paused). */
export async function afterReserving(ws: WorkspaceRecord, reserved: number, paused: 'quota' | null): Promise<void> {
  if (reserved > 0 || paused) await checkQuota(ws.id, monthlyQuota(ws), paused === 'quota');
  const notice = paused ? QUOTA_NOTICE : ws.notice === TRIAL_ENDED_NOTICE || (ws.notice === QUOTA_NOTICE && reserved > 0) ? null : ws.notice;
  if (notice !== ws.notice) await setWorkspaceFields(ws.id, { notice });
}

/** Sends comments marked processing (and reserved) to the analyser; when the queue refuses them they go back to pending with the error and their reservation. */
export async function enqueue(deps: ModerationDeps, workspaceId: string, queued: StoredComment[]): Promise<void> {
  if (!queued.length) return;
  try {
    await deps.queue.enqueue(queued.map((s) => ({ workspaceId, commentId: s.comment.id })));
  } catch (err) {
    await store.writeMany(queued.map((s) => ({ before: s, after: { ...s, comment: { ...s.comment, status: 'pending' as const, lastError: 'Could not queue for analysis' } } })));
    await usage.release(workspaceId, queued.length);
    throw err;
  }
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

/** Queues freshly arrived comments when the workspace's automation setting says so (default on); repeats of removed texts are hidden instead. */
export async function analyseArrivals(deps: ModerationDeps, workspaceId: string, comments: Comment[]): Promise<number> {
  if (!comments.length) return 0;
  await deps.notifier.notify(workspaceId, { type: 'new_comments', count: comments.length, commentIds: comments.slice(0, 100).map((c) => c.id) });
  await emitWebhookEvents(workspaceId, 'comment.received', comments.map((c) => ({ comment: commentPayload(c) })));
  // The cross-post memory (automatic.ts): a text already removed elsewhere is hidden now, not analysed.
  const repeats = await removeRepeats(deps, workspaceId, comments);
  if (repeats.size) comments = comments.filter((c) => !repeats.has(c.id));
  const ws = await getWorkspace(workspaceId);
  if (!ws?.autoAnalyze) return 0;
  const stored = (await Promise.all(comments.filter((c) => c.status === 'pending').map((c) => store.getComment(workspaceId, c.id)))).filter((s): s is StoredComment => s !== null);
  return (await queueForAnalysis(deps, ws, stored)).ids.length;
}

export async function bulkAnalyze(deps: ModerationDeps, workspaceId: string): Promise<{ queued: number }> {
  return { queued: (await queuePending(deps, workspaceId)).length };
}

/** Process All's work: queues the pending comments (up to 5,000) for analysis; returns the ids queued. */
export async function queuePending(deps: ModerationDeps, workspaceId: string): Promise<string[]> {
  const ws = await requireWorkspace(workspaceId);
  const pending = await store.listQueueByStatus(workspaceId, 'pending', MAX_BULK);
  return (await queueForAnalysis(deps, ws, pending)).ids;
}

/**
 * A brand's scheduled run (brand-schedules.ts): queues the pending comments of the brand's accounts
 * (up to 5,000), whatever the workspace's automatic-analysis setting: the schedule is the brand's
 * own request to analyse at that time.
 */
export async function queuePendingOf(deps: ModerationDeps, workspaceId: string, accountIds: ReadonlySet<string>): Promise<string[]> {
  const ws = await requireWorkspace(workspaceId);
  const pending = (await store.listQueueByStatus(workspaceId, 'pending', MAX_BULK)).filter((s) => accountIds.has(s.comment.accountId ?? ''));
  return (await queueForAnalysis(deps, ws, pending)).ids;
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
  const decided = written.filter((s) => s.comment.status === 'processed');
  // Independent of one another, so together: the live update does not wait for the counts and deliveries.
  await allDone([
    // Negative-sentiment counts for the surge alert, kept on write (never a scan of the comments).
    decided.length ? countSentiments(workspaceId, decided) : null,
    decided.length ? emitWebhookEvents(workspaceId, 'comment.decided', decided.map((s) => ({ comment: commentPayload(s.comment), decision: s.comment.aiDecision }))) : null,
    processed.length ? deps.notifier.notify(workspaceId, { type: 'comment_processed', commentIds: processed, ...(processed.length === 1 ? { commentId: processed[0] } : {}), status: 'processed' }) : null,
    failed.length ? deps.notifier.notify(workspaceId, { type: 'comment_status_update', commentIds: failed, status: 'pending' }) : null,
  ]);
  return written.length;
}

/**
 * Approve: carry out the AI's decision. Reply, hide and delete happen on the platform exactly once
 * (the same claims as the direct actions, so an approve racing a reply never posts twice).
 */
export async function approve(deps: ModerationDeps, workspaceId: string, id: string, by?: string): Promise<Comment> {
  const s = await load(workspaceId, id);
  assertTransition('approve', s.comment.status);
  const d = s.comment.aiDecision!;
  const review = s.review === 'changed' ? 'changed' : 'unchanged';
  const actor = by ?? null;
  const draft = d.suggestedReply.trim();
  if (d.decision === 'reply' && draft) {
    return actOnPlatform(deps, s, replyStep(deps, s, draft), (effect) => ({
      action: 'approve', platformId: effect.platformId, activity: `Replied to ${s.comment.authorName}: "${short(draft)}"`,
      apply: (cur) => ({ ...cur, comment: { ...cur.comment, ...repliedWith(draft, effect) }, review }),
    }), actor);
  }
  if (d.decision === 'delete') {
    return actOnPlatform(deps, s, deleteStep(deps, s), () => ({
      action: 'approve', activity: `Deleted a comment by ${s.comment.authorName}`,
      apply: (cur) => ({ ...cur, comment: { ...cur.comment, status: 'deleted', lastError: null }, review }),
    }), actor);
  }
  if (d.decision === 'hide') {
    return actOnPlatform(deps, s, hideStep(deps, s, true), () => ({
      action: 'approve', activity: `Hid a comment by ${s.comment.authorName}`,
      apply: (cur) => ({ ...cur, comment: { ...cur.comment, status: 'approved', isHidden: true, lastError: null }, review }),
    }), actor);
  }
  const change: Change = {
    action: 'approve', activity: `Approved: no action needed on ${s.comment.authorName}'s comment`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, status: 'approved', lastError: null }, review }),
  };
  return (await record(deps, s, change, actor, false)).comment;
}

/**
 * Override: `ignore` keeps the comment (reviewed, nothing done); `reply_sent` ("Reply Instead")
 * posts the reply draft on the platform and is recorded only once the platform accepted it.
 */
export async function override(deps: ModerationDeps, workspaceId: string, id: string, action: OverrideAction, by?: string): Promise<Comment> {
  const s = await load(workspaceId, id);
  assertTransition('override', s.comment.status);
  const d = s.comment.aiDecision!;
  const actor = by ?? null;
  if (action === 'ignore') {
    const change: Change = {
      action: 'override', activity: `Kept ${s.comment.authorName}'s comment (override: ignore)`,
      apply: (cur) => ({ ...cur, comment: { ...cur.comment, status: 'approved', aiDecision: { ...d, decision: 'ignore' }, lastError: null }, review: 'changed' }),
    };
    const next = (await record(deps, s, change, actor, false)).comment;
    await deps.notifier.notify(workspaceId, { type: 'comment_overridden', commentId: id, status: next.status });
    return next;
  }
  const draft = d.suggestedReply.trim();
  if (!draft) throw new Invalid('The reply draft is empty: write the reply first (update-reply), or send it with POST /api/comments/{id}/reply {message}.', [{ field: 'suggestedReply', message: 'must not be empty' }]);
  const next = await actOnPlatform(deps, s, replyStep(deps, s, draft), (effect) => ({
    action: 'override', platformId: effect.platformId, activity: `Replied instead of ${d.decision} on ${s.comment.authorName}'s comment`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, ...repliedWith(draft, effect), aiDecision: { ...d, decision: 'reply' } }, review: 'changed' }),
  }), actor);
  await deps.notifier.notify(workspaceId, { type: 'comment_overridden', commentId: id, status: next.status });
  return next;
}

export async function updateReply(deps: ModerationDeps, workspaceId: string, id: string, suggestedReply: string, by?: string): Promise<Comment> {
  const s = await load(workspaceId, id);
  assertTransition('updateReply', s.comment.status);
  const change: Change = {
    action: 'update_reply', activity: `Edited the reply to ${s.comment.authorName}`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, aiDecision: { ...cur.comment.aiDecision!, suggestedReply, decision: 'reply' } }, review: 'changed' }),
  };
  return (await record(deps, s, change, by ?? null, false)).comment;
}
