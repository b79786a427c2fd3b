/**
 * The long work that runs as jobs (issue 13 item 3, domain/jobs.ts): sync, Process All, bulk
 * actions, export, workspace and account deletion, and the schedule's per-brand sync (item 4).
 *
 * Each route keeps the answer the spec and the app know for small inputs and hands bigger work to
 * a job (202 `{job}`), by these thresholds (README "Long work runs as jobs"):
 * - sync: runs in the request for up to SYNC_INLINE_MS; what is left continues in a job
 *   (200 `{added, …}` when it finished, 202 `{added, …, job}` when a job continues);
 * - Process All: more than PROCESS_ALL_INLINE_MAX pending comments;
 * - bulk actions: more than BULK_INLINE_MAX comments;
 * - export and deletion: a workspace (or, for the account, the owned workspaces) holding more than
 *   DATA_INLINE_MAX comments. A job's export is written to the file store and downloaded through a
 *   short-lived signed link (JSON of everything, and the comments as CSV).
 * Deletion as a job keeps its guarantees: Stripe is cancelled in the request, before the job is
 * queued (a Stripe failure answers 502 and deletes nothing); the job's steps are idempotent, so a
 * failed attempt is retried and resumes where it stopped.
 */
import type { BulkResult, Comment, Job } from '@cg/shared';
import type { IdentityPort } from '../auth/identity.js';
import type { BillingPort } from '../billing/port.js';
import { deleteAccount, deleteWorkspace, exportData } from './account-data.js';
import { auditChange } from './audit.js';
import { closeBilling } from './billing.js';
import { registerJobRunner, startJob, type JobContext } from './jobs.js';
import { analyseArrivals, bulkAnalyze, queuePending, queuePendingOf, type ModerationDeps } from './moderation.js';
import * as queue from './queue.js';
import { stores } from './store-port.js';
import { afterArrivalRules } from './rules.js';
import { brandOf, syncUser, type SyncResult } from './sync.js';

export const SYNC_INLINE_MS = 8_000;
export const PROCESS_ALL_INLINE_MAX = 500;
export const BULK_INLINE_MAX = 100;
export const DATA_INLINE_MAX = 2_000;
/** A sync job's own limit per pass (it loops until nothing is left). */
const SYNC_PASS_MAX = 2_000;
/** Process All follows its comments through analysis for at most this long. */
const WATCH_MAX_MS = 12 * 60_000;
const WATCH_EVERY_MS = 500;

export interface LongWorkDeps {
  moderation: ModerationDeps;
  billing: () => Promise<BillingPort | null>;
  identity: IdentityPort;
}

export type Started<T> = { body: T; job?: undefined } | { job: Job; body?: T };

export interface SyncBody { added: number; queued: number; accounts: number; throttled: string[]; needsReconnect: string[]; more: boolean; job?: Job }

function syncBody(r: SyncResult, queued: number): SyncBody {
  return { added: r.added.length, queued, accounts: r.accounts, throttled: r.throttled, needsReconnect: r.needsReconnect, more: r.more };
}

/** POST /api/sync-comments: syncs in the request for up to SYNC_INLINE_MS; a job continues whatever is left. */
export async function syncNowOrJob(deps: ModerationDeps, workspaceId: string, userId: string | null): Promise<{ body: SyncBody; job?: Job }> {
  const r = await syncUser(workspaceId, { deadline: Date.now() + SYNC_INLINE_MS });
  const body = syncBody(r, await analyseArrivals(deps, workspaceId, await afterArrivalRules(deps, workspaceId, r.added)));
  if (!r.more) return { body };
  const job = await startJob(workspaceId, 'sync', {}, { userId });
  // Nothing for the caller to call again: the job goes on.
  return { body: { ...body, more: false, job }, job };
}

/** POST /api/comments/bulk-analyze. */
export async function processAllNowOrJob(deps: ModerationDeps, workspaceId: string, userId: string | null): Promise<Started<{ queued: number }>> {
  const pending = await stores.comments.listQueueByStatus(workspaceId, 'pending', PROCESS_ALL_INLINE_MAX + 1);
  if (pending.length <= PROCESS_ALL_INLINE_MAX) return { body: await bulkAnalyze(deps, workspaceId) };
  return { job: await startJob(workspaceId, 'process-all', {}, { userId }) };
}

/** POST /api/comments/bulk. */
export async function bulkNowOrJob(deps: ModerationDeps, workspaceId: string, userId: string, input: queue.BulkInput, by: string | null): Promise<Started<BulkResult>> {
  const ids = await queue.bulkIds(workspaceId, input);
  if (ids.length <= BULK_INLINE_MAX) {
    const result = await queue.bulk(deps, workspaceId, { action: input.action, ids }, by);
    await auditBulk(workspaceId, userId, input.action, result);
    return { body: result };
  }
  return { job: await startJob(workspaceId, 'bulk', { action: input.action, ids, by }, { userId, total: ids.length }) };
}

/** Audited per comment (what changed on each), not once for the request. */
async function auditBulk(workspaceId: string, userId: string, action: string, result: BulkResult): Promise<void> {
  for (const r of result.results.filter((x) => x.ok)) {
    await auditChange({ workspaceId, userId, route: 'bulkComments', target: `/api/comments/${r.id}/${action}`, body: { action }, result: { status: r.status } });
  }
}

async function commentCount(workspaceId: string): Promise<number> {
  return (await stores.comments.getCounters(workspaceId)).total ?? 0;
}

/** GET /api/user/export: the JSON export in the answer for small workspaces, else a job writing the files. */
export async function exportNowOrJob(userId: string, workspaceId: string): Promise<Started<Record<string, unknown>>> {
  if ((await commentCount(workspaceId)) <= DATA_INLINE_MAX) return { body: await exportData(userId, workspaceId) };
  return { job: await startJob(workspaceId, 'export', {}, { userId }) };
}

/** DELETE /api/workspace: Stripe is cancelled first (here, in the request); big workspaces are deleted by a job. */
export async function deleteWorkspaceNowOrJob(workspaceId: string, userId: string, billing: BillingPort | null): Promise<{ job?: Job }> {
  await closeBilling(billing, workspaceId);
  if ((await commentCount(workspaceId)) <= DATA_INLINE_MAX) {
    await deleteWorkspace(workspaceId, billing);
    return {};
  }
  return { job: await startJob(workspaceId, 'delete-workspace', {}, { userId }) };
}

/** DELETE /api/user: every owned workspace's subscription is cancelled first; big accounts are deleted by a job. */
export async function deleteAccountNowOrJob(identity: IdentityPort, userId: string, workspaceId: string | null, billing: BillingPort | null): Promise<{ job?: Job }> {
  const owned = (await stores.workspaces.listMemberships(userId)).filter((m) => m.role === 'owner');
  for (const m of owned) await closeBilling(billing, m.workspaceId);
  const comments = (await Promise.all(owned.map((m) => commentCount(m.workspaceId)))).reduce((a, b) => a + b, 0);
  if (comments <= DATA_INLINE_MAX) {
    await deleteAccount(identity, userId, billing);
    return {};
  }
  const job = await startJob(workspaceId ?? owned[0]?.workspaceId ?? `USER#${userId}`, 'delete-account', {}, { userId });
  // Signed out everywhere now; the job removes the rest.
  await stores.sessions.revokeUserSessions(userId);
  return { job };
}

// ---- runners (the jobs function registers them: functions/src/handlers/jobs.ts) --------------------

/** Sync until nothing is left, analysing arrivals as they come. */
async function runSync(deps: LongWorkDeps, ctx: JobContext): Promise<SyncBody> {
  const total: SyncBody = { added: 0, queued: 0, accounts: 0, throttled: [], needsReconnect: [], more: false };
  for (;;) {
    const r = await syncUser(ctx.workspaceId, { maxComments: SYNC_PASS_MAX });
    total.added += r.added.length;
    total.queued += await analyseArrivals(deps.moderation, ctx.workspaceId, await afterArrivalRules(deps.moderation, ctx.workspaceId, r.added));
    total.accounts = Math.max(total.accounts, r.accounts);
    total.throttled = [...new Set([...total.throttled, ...r.throttled])];
    total.needsReconnect = [...new Set([...total.needsReconnect, ...r.needsReconnect])];
    await ctx.progress(total.added, null);
    if (!r.more) return total;
  }
}

/** `brand`: the brand's own schedule (domain/brand-schedules.ts): its pending comments are analysed too. */
export interface ScheduledSyncParams { brandId: string; task: 'frequent' | 'daily' | 'brand' }
export interface ScheduledSyncResult { added: number; queued: number; throttled: string[]; needsReconnect: string[]; more: boolean }

async function brandAccountIds(workspaceId: string, brandId: string): Promise<Set<string>> {
  return new Set((await stores.accounts.listAccounts(workspaceId)).filter((a) => brandOf(a) === brandId).map((a) => a.id));
}

/** The schedule's work for one workspace and brand: sync its accounts (one pass), analyse arrivals; daily, Process All too. */
export async function scheduledSync(deps: ModerationDeps, workspaceId: string, p: ScheduledSyncParams): Promise<ScheduledSyncResult> {
  const r = await syncUser(workspaceId, { brandId: p.brandId });
  // The reconciliation sync catches what webhooks missed: the rules act on those arrivals too.
  let queued = await analyseArrivals(deps, workspaceId, await afterArrivalRules(deps, workspaceId, r.added));
  if (p.task === 'daily' && (await stores.workspaces.getWorkspace(workspaceId))?.autoAnalyze) queued += (await bulkAnalyze(deps, workspaceId)).queued;
  if (p.task === 'brand') queued += (await queuePendingOf(deps, workspaceId, await brandAccountIds(workspaceId, p.brandId))).length;
  return { added: r.added.length, queued, throttled: r.throttled, needsReconnect: r.needsReconnect, more: r.more };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Queues every pending comment, then follows them through analysis: progress is comments analysed. */
async function runProcessAll(deps: LongWorkDeps, ctx: JobContext): Promise<{ queued: number; analysed: number; failed: number; stillProcessing: number }> {
  const ids = await queuePending(deps.moderation, ctx.workspaceId);
  let remaining = ids;
  let failed = 0;
  await ctx.progress(0, ids.length);
  const until = Date.now() + WATCH_MAX_MS;
  while (remaining.length && Date.now() < until) {
    const still: string[] = [];
    for (let i = 0; i < remaining.length; i += 100) {
      const chunk = remaining.slice(i, i + 100);
      const stored = new Map((await stores.comments.getComments(ctx.workspaceId, chunk)).map((s) => [s.comment.id, s.comment] as const));
      for (const id of chunk) {
        const c: Comment | undefined = stored.get(id);
        if (c?.status === 'processing') still.push(id);
        else if (c?.status === 'pending') failed++;
      }
    }
    remaining = still;
    await ctx.progress(ids.length - remaining.length, ids.length);
    if (remaining.length) await sleep(WATCH_EVERY_MS);
  }
  return { queued: ids.length, analysed: ids.length - remaining.length - failed, failed, stillProcessing: remaining.length };
}

/** Every runner, for the jobs function (a module adding a kind registers its own runner the same way). */
export function registerLongWork(deps: LongWorkDeps): void {
  registerJobRunner('sync', (ctx) => runSync(deps, ctx));
  registerJobRunner<ScheduledSyncParams, ScheduledSyncResult>('scheduled-sync', (ctx) => scheduledSync(deps.moderation, ctx.workspaceId, ctx.params));
  registerJobRunner('process-all', (ctx) => runProcessAll(deps, ctx));
  registerJobRunner<{ action: queue.BulkAction; ids: string[]; by: string | null }, BulkResult>('bulk', async (ctx) => {
    const { action, ids, by } = ctx.params;
    const result = await queue.bulk(deps.moderation, ctx.workspaceId, { action, ids }, by, (done, total) => ctx.progress(done, total));
    if (ctx.userId) await auditBulk(ctx.workspaceId, ctx.userId, action, result);
    return result;
  });
  registerJobRunner('export', async (ctx) => {
    const total = (await stores.comments.getCounters(ctx.workspaceId)).total ?? null;
    const data = await exportData(ctx.userId!, ctx.workspaceId, { progress: (n) => ctx.progress(n, total && Math.max(total, n)) });
    const day = new Date().toISOString().slice(0, 10);
    const comments = (data.comments ?? []) as Comment[];
    await ctx.writeFile(`pagewarden-export-${day}.json`, JSON.stringify(data), 'application/json');
    await ctx.writeFile(`pagewarden-comments-${day}.csv`, commentsCsv(comments), 'text/csv; charset=utf-8');
    return { comments: comments.length };
  });
  registerJobRunner('delete-workspace', async (ctx) => {
    await ctx.progress(0, 1);
    await deleteWorkspace(ctx.workspaceId, await deps.billing());
    return { deleted: true };
  });
  registerJobRunner('delete-account', async (ctx) => {
    await ctx.progress(0, 1);
    await deleteAccount(deps.identity, ctx.userId!, await deps.billing());
    return { deleted: true };
  });
}

// ---- CSV ---------------------------------------------------------------------------------------------

export const CSV_COLUMNS = ['id', 'platform', 'accountId', 'postId', 'parentId', 'authorName', 'authorId', 'content', 'timestamp', 'status', 'isHidden', 'decision', 'category', 'sentiment', 'confidence', 'suggestedReply', 'lastError'] as const;

function cell(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = String(v);
  // Quoted when needed (RFC 4180); a leading =, +, - or @ is prefixed so spreadsheets never run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The comments as CSV (RFC 4180, CRLF, a header row). */
export function commentsCsv(comments: Comment[]): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const c of comments) {
    const d = c.aiDecision;
    const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
      id: c.id, platform: c.platform, accountId: c.accountId, postId: c.postId, parentId: c.parentId, authorName: c.authorName, authorId: c.authorId,
      content: c.content, timestamp: c.timestamp, status: c.status, isHidden: c.isHidden ?? false, decision: d?.decision, category: d?.category,
      sentiment: d?.sentiment, confidence: d?.confidence, suggestedReply: d?.suggestedReply, lastError: c.lastError,
    };
    rows.push(CSV_COLUMNS.map((k) => cell(values[k])).join(','));
  }
  return rows.join('\r\n') + '\r\n';
}
