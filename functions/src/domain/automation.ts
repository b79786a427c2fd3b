/**
 * Scheduled automation (EventBridge, shared/src/schedules.ts). Every minute (`requeue`): comments
 * stuck in `processing` (the worker died or the message was lost, design D5) and failed analyses
 * go back to the queue, so either is retried within 2 minutes. Every 5 minutes (`frequent`): the
 * reconciliation sync that catches what webhooks missed; daily, also analyse whatever is still
 * pending. The syncs fan out (issue 13 item 4): one job per workspace and brand on the jobs queue
 * (kind `scheduled-sync`, domain/job-kinds.ts), so the schedule only lists and enqueues, and many
 * syncs run side by side, each respecting Meta's usage headers. Each workspace is handled on its
 * own, so one failure does not stop the rest.
 */
import { startJobs } from './jobs.js';
import { fanOutWeeklyReports } from './weekly-report.js';
import { processComment, type ModerationDeps } from './moderation.js';
import { brandOf } from './sync.js';
import { checkResponseTimes } from './alerts.js';
import { stores, withRequestScope } from './store-port.js';

const { listAutomated } = stores.automation;
const { listFailedAnalyses, listQueueByStatus, writeComment } = stores.comments;
const { getWorkspace } = stores.workspaces;

/**
 * `processing` for longer than this = stuck. The requeue pass runs every minute, so a stuck comment
 * is sent again at most 2 minutes after it was queued; a duplicate delivery changes nothing (the
 * analyser only decides comments still processing, each write guarded by its version).
 */
export const STUCK_AFTER_MS = 60_000;
/** A failed analysis is tried at most this many times in all (the first try and the automatic retries); then it stays pending with its error shown. */
export const MAX_ANALYSIS_ATTEMPTS = 3;
const MAX_RETRIES_PER_PASS = 100;

/** Sends comments that have been `processing` for too long back to the queue. */
export async function requeueStuck(deps: ModerationDeps, workspaceId: string, stuckAfterMs = STUCK_AFTER_MS, now = Date.now()): Promise<number> {
  const processing = await listQueueByStatus(workspaceId, 'processing', 5_000);
  const stuck = processing.filter((s) => now - Date.parse(s.updatedAt) >= stuckAfterMs);
  if (stuck.length) await deps.queue.enqueue(stuck.map((s) => ({ workspaceId, commentId: s.comment.id })));
  return stuck.length;
}

/**
 * Queues again the pending comments whose analysis failed, when the workspace analyses arrivals
 * automatically, counting each retry on the comment (bounded by MAX_ANALYSIS_ATTEMPTS). Stops at the
 * first refusal (quota used up, trial ended, …), giving that retry back.
 */
export async function retryFailed(deps: ModerationDeps, workspaceId: string): Promise<number> {
  if (!(await getWorkspace(workspaceId))?.autoAnalyze) return 0;
  let queued = 0;
  for (const s of await listFailedAnalyses(workspaceId, MAX_ANALYSIS_ATTEMPTS - 1, MAX_RETRIES_PER_PASS)) {
    // Counted before queueing: once queued, the analyser may write the comment at any moment.
    const counted = await writeComment(s, { ...s, analysisRetries: (s.analysisRetries ?? 0) + 1 });
    if (!counted) continue; // changed meanwhile (edited, processed by hand): the next pass sees it again
    try {
      await processComment(deps, workspaceId, s.comment.id);
      queued++;
    } catch (err) {
      await writeComment(counted, { ...counted, analysisRetries: s.analysisRetries }).catch(() => null);
      console.warn('[automation] failed analyses not retried now', workspaceId, (err as Error).message);
      break;
    }
  }
  return queued;
}

export type Task = 'requeue' | 'frequent' | 'daily' | 'weekly';

/** The brands (Facebook page ids) of a workspace whose accounts a sync would call Meta for. */
async function syncableBrands(workspaceId: string): Promise<string[]> {
  const accounts = await stores.accounts.listAccounts(workspaceId);
  return [...new Set(accounts.filter((a) => a.isActive && !a.needsReconnect && a.encryptedToken).map(brandOf))];
}

const FAN_OUT_CONCURRENCY = 16;
const FAN_OUT_BATCH = 100;

/** Enqueues one `scheduled-sync` job per workspace and brand; returns how many, and their ids. */
export async function fanOutSyncs(task: 'frequent' | 'daily', workspaceIds: string[]): Promise<{ workspaces: number; jobs: number; failed: number; jobIds: string[] }> {
  const specs: Parameters<typeof startJobs>[0] = [];
  let failed = 0;
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(FAN_OUT_CONCURRENCY, workspaceIds.length) }, async () => {
    while (next < workspaceIds.length) {
      const workspaceId = workspaceIds[next++]!;
      try {
        const brands = await syncableBrands(workspaceId);
        // Daily, the workspace's pending comments are processed once (with its first brand's job).
        brands.forEach((brandId, i) => specs.push({ workspaceId, kind: 'scheduled-sync', params: { brandId, task: task === 'daily' && i === 0 ? 'daily' : 'frequent' } }));
      } catch (err) {
        failed++;
        console.error('[automation] brands not listed', workspaceId, err);
      }
    }
  }));
  const jobIds: string[] = [];
  for (let i = 0; i < specs.length; i += FAN_OUT_BATCH) {
    const batch = specs.slice(i, i + FAN_OUT_BATCH);
    try {
      jobIds.push(...(await startJobs(batch)).map((j) => j.id));
    } catch (err) {
      failed += batch.length;
      console.error('[automation] jobs not queued', batch.length, err);
    }
  }
  return { workspaces: workspaceIds.length, jobs: jobIds.length, failed, jobIds };
}

export async function runAutomation(deps: ModerationDeps, task: Task): Promise<{ workspaces: number; requeued: number; jobs: number; failed: number; jobIds?: string[] }> {
  const totals = { workspaces: 0, requeued: 0, jobs: 0, failed: 0 };
  if (task === 'weekly') {
    // The weekly report by mail: one job per workspace (domain/weekly-report.ts).
    const ids = await listAutomated();
    const r = await fanOutWeeklyReports(ids);
    return { ...totals, workspaces: ids.length, jobs: r.jobs, jobIds: r.jobIds };
  }
  if (task !== 'requeue') {
    const r = await fanOutSyncs(task, await listAutomated());
    return { ...totals, workspaces: r.workspaces, jobs: r.jobs, failed: r.failed };
  }
  for (const workspaceId of await listAutomated()) {
    totals.workspaces++;
    try {
      // Each workspace is one scope: its record is read once for the whole pass.
      await withRequestScope(async () => {
        totals.requeued += await requeueStuck(deps, workspaceId);
        totals.requeued += await retryFailed(deps, workspaceId);
        // Comments waiting longer than their brand's response-time target raise an alert (once a day per brand).
        await checkResponseTimes(workspaceId);
      });
    } catch (err) {
      totals.failed++;
      console.error('[automation] workspace failed', task, workspaceId, err);
    }
  }
  return totals;
}
