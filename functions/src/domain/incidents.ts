/**
 * Troll-attack mode (issue 11 item 4). Per post, a burst of negative or offensive comments far above
 * the post's own baseline opens an incident (the rule: incident-rule.ts, its figures: TROLL_ATTACK in
 * shared/src/incidents.ts). Counts are kept as comments are analysed (one transaction per comment,
 * never a scan), in the Meta events consumer that applies the analyser's hand-overs (automatic.ts).
 *
 * While an incident is open (TROLL_ATTACK.durationMinutes, or until a moderator closes it) its post
 * has a stricter policy: negative or offensive comments from first-time commenters are hidden for
 * review, each through the Automation log's executor (auto-actions.ts: exactly once on the platform,
 * the incident as its reason, undoable). Opening it writes an audit entry, pushes a live update,
 * emits the outgoing webhook `incident.opened` and raises an 'incident' alert (alerts.ts).
 * Afterwards a moderator reviews its comments and restores them in bulk (each hide undone once
 * through the Automation log's undo, a job beyond RESTORE_INLINE_MAX).
 */
import { randomBytes } from 'node:crypto';
import { TROLL_ATTACK, type Incident, type IncidentDetail, type Job, type RestoreResult } from '@cg/shared';
import { raiseAlert } from './alerts.js';
import { applyAutomatic, undoAutomatic } from './auto-actions.js';
import { Missing, StateConflict } from './errors.js';
import type { ActionDeps } from './exactly-once.js';
import { bucketOf, countsTowardsBurst, incidentReason, judgeBurst, windowBuckets, type TrollAttackRule } from './incident-rule.js';
import { registerJobRunner, startJob } from './jobs.js';
import type { StoredComment } from './model.js';
import { emitWebhookEvents } from './outgoing-webhooks.js';
import { authorHistoryRanges, conditionHolds } from './rule-match.js';
import { stores, type IncidentRecord } from './store-port.js';

// The incidents area is looked up where it is used: a lookup at module level would be a side effect that keeps this
// module in bundles that never call it (the analyser binds no incidents store; infra/test/analyser-store.test.ts).

/** The source automatic actions of an incident are logged under (Automation log, audit). */
export const INCIDENT_SOURCE = 'incident';
/** A restore of more hidden comments than this runs as a job (202 {job}). */
export const RESTORE_INLINE_MAX = 100;

export function incidentView(r: IncidentRecord, now = Date.now()): Incident {
  return { ...r, status: !r.closedAt && Date.parse(r.endsAt) > now ? 'open' : 'closed' };
}

function newIncidentId(now: number): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(4).toString('hex')}`;
}

/**
 * Called once an incident opened (after its audit entry, live update and webhook): raises the
 * 'incident' alert (alerts.ts: in-app bell, email, Slack, as the workspace routes them).
 */
export async function onIncidentOpened(workspaceId: string, incident: Incident): Promise<void> {
  await raiseAlert(workspaceId, {
    kind: 'incident', brandId: incident.brandId, subject: incident.id, link: `/incidents/${incident.id}`,
    title: `Troll attack on post ${incident.postId}`,
    detail: `${incident.burst} negative or offensive comments within ${TROLL_ATTACK.windowMinutes} minutes (threshold ${incident.threshold}, usual ${incident.baseline} per ${TROLL_ATTACK.windowMinutes} minutes). Negative comments from first-time commenters on this post are hidden for review until ${incident.endsAt.slice(11, 16)} UTC.`,
  });
}

async function auditAutomation(workspaceId: string, action: string, target: string, changes: Record<string, unknown>): Promise<void> {
  await stores.audit.recordAudit(workspaceId, { actorId: 'automation', actorEmail: '', action, target, changes })
    .catch((err: Error) => console.warn('[incidents] audit entry not written', workspaceId, target, err.message));
}

/** Opens an incident on the comment's post (once: a post has one open incident at most); returns the one in force. */
async function open(deps: ActionDeps, workspaceId: string, s: StoredComment, verdict: ReturnType<typeof judgeBurst>, rule: TrollAttackRule, now: number): Promise<IncidentRecord | null> {
  const c = s.comment;
  const id = newIncidentId(now);
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const record: IncidentRecord = {
    id, platform: c.platform, postId: c.postId!, accountId: c.accountId ?? null, brandId: accounts.find((a) => a.id === c.accountId)?.brandId ?? null,
    openedAt: new Date(now).toISOString(), endsAt: new Date(now + rule.durationMinutes * 60_000).toISOString(), closedAt: null, closedBy: null,
    burst: verdict.window, threshold: verdict.threshold, baseline: verdict.baseline, hidden: 0, restoredAt: null, restored: 0,
    reason: incidentReason(id, c.postId!),
  };
  const nowIso = new Date(now).toISOString();
  if (!(await stores.incidents.openIncident(workspaceId, record, nowIso))) return stores.incidents.openIncidentOf(workspaceId, c.platform, c.postId!, nowIso);
  const view = incidentView(record, now);
  await auditAutomation(workspaceId, 'incident:opened', id, { postId: record.postId, burst: record.burst, threshold: record.threshold, baseline: record.baseline, endsAt: record.endsAt });
  await deps.notifier.notify(workspaceId, { type: 'incident_update', incidentId: id, status: 'open', message: `Troll attack on post ${record.postId}: ${record.burst} negative or offensive comments in ${rule.windowMinutes} minutes. Negative comments from first-time commenters there are hidden for review.` })
    .catch((err: Error) => console.warn('[incidents] live update not sent', workspaceId, id, err.message));
  await emitWebhookEvents(workspaceId, 'incident.opened', [view]);
  await onIncidentOpened(workspaceId, view).catch((err: Error) => console.warn('[incidents] alert not raised', workspaceId, id, err.message));
  return record;
}

/** Whether the comment falls under the incident's stricter policy: negative or offensive, on its post, by a first-time commenter, still visible. */
async function underPolicy(workspaceId: string, s: StoredComment): Promise<boolean> {
  const c = s.comment;
  if (!countsTowardsBurst(c.aiDecision) || c.isHidden || c.status === 'deleted') return false;
  const [range] = authorHistoryRanges([{ type: 'first_time_commenter' }], c);
  const history = await stores.commentPages.authorComments(workspaceId, c.platform, c.authorId, range);
  const authorComments = history.items.map((h) => ({ id: h.comment.id, timestamp: h.comment.timestamp, status: h.comment.status, isHidden: Boolean(h.comment.isHidden) }));
  return conditionHolds({ type: 'first_time_commenter' }, c, { brandIds: [], authorComments });
}

/**
 * How long a claim to hide a comment under an incident holds: longer than the Meta events function
 * runs (1 minute), shorter than its queue's redelivery (6 minutes), so a retry after a crash hides it.
 */
export const HIDE_CLAIM_LEASE_MS = 2 * 60_000;

/** Hides one comment under the incident's policy (exactly once, logged, undoable) and records it on the incident. */
async function enforce(deps: ActionDeps, workspaceId: string, incident: IncidentRecord, s: StoredComment): Promise<boolean> {
  if (s.comment.postId !== incident.postId || s.comment.platform !== incident.platform) return false;
  if (!(await underPolicy(workspaceId, s))) return false;
  // One attempt per incident and comment: the burst's opener and the comment's own hand-over may both get here.
  // A claim left by a process that ended mid-hide is taken over once its lease has passed (the redelivery comes later).
  const now = Date.now();
  if (!(await stores.incidents.claimHidden(workspaceId, incident.id, s.comment.id, new Date(now).toISOString(), new Date(now - HIDE_CLAIM_LEASE_MS).toISOString()))) return false;
  let entry;
  try {
    entry = await applyAutomatic(deps, { workspaceId, commentId: s.comment.id, action: { type: 'hide' }, reason: incident.reason, source: INCIDENT_SOURCE });
  } catch (err) {
    await stores.incidents.releaseHidden(workspaceId, incident.id, s.comment.id);
    throw err;
  }
  if (entry.outcome !== 'done') { await stores.incidents.releaseHidden(workspaceId, incident.id, s.comment.id); return false; }
  await stores.incidents.completeHidden(workspaceId, { incidentId: incident.id, commentId: s.comment.id, automationLogId: entry.id, at: entry.at, restoredAt: null });
  await auditAutomation(workspaceId, `${INCIDENT_SOURCE}:hide`, s.comment.id, { reason: incident.reason, incidentId: incident.id, automationLogId: entry.id });
  return true;
}

/**
 * Analysed comments (the analyser's hand-over): counts each negative or offensive one on its post,
 * opens an incident when its window is a burst, and applies an open incident's policy to the post's
 * comments (those of the burst when it opens, then each new one). Returns the comments it hid.
 */
export async function watchForAttacks(deps: ActionDeps, workspaceId: string, commentIds: string[], now = Date.now(), rule: TrollAttackRule = TROLL_ATTACK): Promise<Set<string>> {
  const hidden = new Set<string>();
  if (!commentIds.length) return hidden;
  const stored = (await stores.comments.getComments(workspaceId, [...new Set(commentIds)]))
    .filter((s) => s.comment.postId && countsTowardsBurst(s.comment.aiDecision));
  const nowIso = new Date(now).toISOString();
  // The comments of one post are counted together (one transaction per 45) and judged once, at the newest.
  const byPost = new Map<string, StoredComment[]>();
  const postOf = (s: StoredComment) => `${s.comment.platform}\u0000${s.comment.postId}`;
  for (const s of stored) byPost.set(postOf(s), [...(byPost.get(postOf(s)) ?? []), s]);
  for (const group of byPost.values()) {
    const { platform, postId } = group[0]!.comment;
    const timed = group.map((s) => {
      const at = Math.min(Date.parse(s.comment.timestamp) || now, now);
      return { s, at, bucket: bucketOf(at, rule) };
    });
    const newest = timed.reduce((a, b) => (b.at > a.at ? b : a));
    const window = windowBuckets(newest.bucket, rule);
    const counts = await stores.incidents.countBurst(workspaceId, platform, postId!, timed.map((t) => ({ id: t.s.comment.id, atMs: t.at, bucket: t.bucket })), window);
    let incident = await stores.incidents.openIncidentOf(workspaceId, platform, postId!, nowIso);
    if (!incident && now - newest.at <= rule.maxAgeMinutes * 60_000) {
      const verdict = judgeBurst({ window: counts.window, total: counts.total, firstAtMs: counts.firstAtMs, windowStartMs: window.from * rule.bucketMinutes * 60_000 }, rule);
      if (verdict.burst) {
        incident = await open(deps, workspaceId, newest.s, verdict, rule, now);
        // The burst itself: its comments already analysed fall under the policy too.
        const mine = new Set(group.map((s) => s.comment.id));
        const earlier = (await stores.incidents.burstCommentIds(workspaceId, platform, postId!, window)).filter((id) => !mine.has(id));
        for (const e of await stores.comments.getComments(workspaceId, earlier)) {
          if (incident && await enforce(deps, workspaceId, incident, e).catch(logged)) hidden.add(e.comment.id);
        }
      }
    }
    if (!incident) continue;
    for (const { s } of timed) if (await enforce(deps, workspaceId, incident, s).catch(logged)) hidden.add(s.comment.id);
  }
  return hidden;
}

function logged(err: unknown): false {
  console.error('[incidents] policy not applied to a comment', err);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Routes: list, one with its comments, close, bulk restore.

export async function listIncidents(workspaceId: string, q: { status?: 'open' | 'closed'; limit?: number }): Promise<{ items: Incident[] }> {
  const now = Date.now();
  const all = (await stores.incidents.listIncidents(workspaceId, q.status ? 200 : (q.limit ?? 50))).map((r) => incidentView(r, now));
  return { items: (q.status ? all.filter((i) => i.status === q.status) : all).slice(0, q.limit ?? 50) };
}

async function requireIncident(workspaceId: string, id: string): Promise<IncidentRecord> {
  const r = /^[0-9a-z]{9}[0-9a-f]{8}$/.test(id) ? await stores.incidents.getIncident(workspaceId, id) : null;
  if (!r) throw new Missing('Incident not found');
  return r;
}

export async function getIncident(workspaceId: string, id: string): Promise<IncidentDetail> {
  const r = await requireIncident(workspaceId, id);
  const hidden = await stores.incidents.listHidden(workspaceId, id);
  const comments = new Map((await stores.comments.getComments(workspaceId, hidden.map((h) => h.commentId))).map((s) => [s.comment.id, s.comment]));
  return {
    incident: incidentView(r),
    comments: hidden.map((h) => {
      const c = comments.get(h.commentId);
      return {
        commentId: h.commentId, authorName: c?.authorName ?? '', content: c?.content ?? '', timestamp: c?.timestamp ?? h.at,
        isHidden: Boolean(c?.isHidden), status: c?.status ?? 'deleted', automationLogId: h.automationLogId, restored: Boolean(h.restoredAt),
      };
    }),
  };
}

/** A moderator ends the stricter policy now. 409 when it was closed already. */
export async function closeIncident(deps: ActionDeps, workspaceId: string, id: string, by: string | null): Promise<Incident> {
  await requireIncident(workspaceId, id);
  const now = Date.now();
  const at = new Date(now).toISOString();
  // The burst that opened it stays in the window for a while: no new incident on the post until the window has passed.
  const quietUntil = new Date(now + TROLL_ATTACK.windowMinutes * 60_000).toISOString();
  if (!(await stores.incidents.closeIncident(workspaceId, id, at, by, quietUntil))) throw new StateConflict('This incident is already closed.');
  const view = incidentView((await stores.incidents.getIncident(workspaceId, id))!);
  await deps.notifier.notify(workspaceId, { type: 'incident_update', incidentId: id, status: view.status, message: `The troll-attack incident on post ${view.postId} was closed${by ? ` by ${by}` : ''}.` }).catch(() => {});
  return view;
}

/** Unhides the incident's hidden comments not restored yet, each once (the Automation log's undo: the existing unhide path). */
export async function restoreHidden(deps: ActionDeps, workspaceId: string, id: string, by: string | null, onProgress?: (done: number, total: number) => Promise<void>): Promise<RestoreResult> {
  await requireIncident(workspaceId, id);
  const todo = (await stores.incidents.listHidden(workspaceId, id)).filter((h) => !h.restoredAt);
  const results: RestoreResult['results'] = [];
  const at = new Date().toISOString();
  for (let i = 0; i < todo.length; i += 25) {
    const chunk = todo.slice(i, i + 25);
    const undone = new Map((await undoAutomatic(deps, workspaceId, chunk.map((h) => h.automationLogId), by)).results.map((r) => [r.id, r]));
    for (const h of chunk) {
      const r = undone.get(h.automationLogId);
      // Undone now, or before through the Automation log: either way it is restored; marked once.
      const ok = Boolean(r?.ok || r?.message?.startsWith('Already undone'));
      if (ok) await stores.incidents.markRestored(workspaceId, id, h.commentId, at);
      results.push(ok ? { commentId: h.commentId, ok: true } : { commentId: h.commentId, ok: false, message: r?.message ?? 'Not restored.' });
    }
    await onProgress?.(Math.min(i + 25, todo.length), todo.length);
  }
  const restored = results.filter((r) => r.ok).length;
  if (restored) await stores.incidents.noteRestored(workspaceId, id, at, restored);
  return { incidentId: id, restored, failed: results.length - restored, results };
}

export const RESTORE_JOB = 'incident-restore';

/** POST /api/incidents/{id}/restore: inline up to RESTORE_INLINE_MAX hidden comments, a job beyond. */
export async function restoreNowOrJob(deps: ActionDeps, workspaceId: string, id: string, userId: string, by: string | null): Promise<{ body: RestoreResult } | { job: Job }> {
  await requireIncident(workspaceId, id);
  const waiting = (await stores.incidents.listHidden(workspaceId, id)).filter((h) => !h.restoredAt).length;
  if (waiting <= RESTORE_INLINE_MAX) return { body: await restoreHidden(deps, workspaceId, id, by) };
  return { job: await startJob(workspaceId, RESTORE_JOB, { incidentId: id, by }, { userId, total: waiting }) };
}

/** The jobs function runs big restores (handlers/jobs.ts registers it). */
export function registerIncidentJobs(deps: ActionDeps): void {
  registerJobRunner<{ incidentId: string; by: string | null }, RestoreResult>(RESTORE_JOB, (ctx) =>
    restoreHidden(deps, ctx.workspaceId, ctx.params.incidentId, ctx.params.by, (done, total) => ctx.progress(done, total)));
}
