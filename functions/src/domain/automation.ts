/**
 * Scheduled automation (EventBridge): every few minutes, re-queue comments stuck in `processing`
 * (design D5) and run a reconciliation sync that catches what webhooks missed; daily, also analyse
 * whatever is still pending. Each user is handled on its own, so one failure does not stop the rest.
 */
import { listAutomated } from '../store/automation.js';
import { listQueueByStatus } from '../store/comments.js';
import { getWorkspace } from '../store/workspaces.js';
import { analyseArrivals, bulkAnalyze, type ModerationDeps } from './moderation.js';
import { syncUser } from './sync.js';

export const STUCK_AFTER_MS = 10 * 60_000;

/** Sends comments that have been `processing` for too long back to the queue (the analyser is idempotent). */
export async function requeueStuck(deps: ModerationDeps, workspaceId: string, stuckAfterMs = STUCK_AFTER_MS, now = Date.now()): Promise<number> {
  const processing = await listQueueByStatus(workspaceId, 'processing', 5_000);
  const stuck = processing.filter((s) => now - Date.parse(s.updatedAt) >= stuckAfterMs);
  if (stuck.length) await deps.queue.enqueue(stuck.map((s) => ({ workspaceId, commentId: s.comment.id })));
  return stuck.length;
}

export type Task = 'frequent' | 'daily';

export async function runAutomation(deps: ModerationDeps, task: Task): Promise<{ users: number; requeued: number; synced: number; queued: number; failed: number }> {
  const totals = { users: 0, requeued: 0, synced: 0, queued: 0, failed: 0 };
  for (const workspaceId of await listAutomated()) {
    totals.users++;
    try {
      totals.requeued += await requeueStuck(deps, workspaceId);
      const sync = await syncUser(workspaceId);
      totals.synced += sync.added.length;
      totals.queued += await analyseArrivals(deps, workspaceId, sync.added);
      if (task === 'daily' && (await getWorkspace(workspaceId))?.autoAnalyze) totals.queued += (await bulkAnalyze(deps, workspaceId)).queued;
    } catch (err) {
      totals.failed++;
      console.error('[automation] user failed', workspaceId, err);
    }
  }
  return totals;
}
