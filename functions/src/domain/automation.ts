/**
 * Scheduled automation (EventBridge): every few minutes, re-queue comments stuck in `processing`
 * (design D5) and run a reconciliation sync that catches what webhooks missed; daily, also analyse
 * whatever is still pending. Each user is handled on its own, so one failure does not stop the rest.
 */
import { listAutomated } from '../store/automation.js';
import { listQueueByStatus } from '../store/comments.js';
import { getUser } from '../store/users.js';
import { analyseArrivals, bulkAnalyze, type ModerationDeps } from './moderation.js';
import { syncUser } from './sync.js';

export const STUCK_AFTER_MS = 10 * 60_000;

/** Sends comments that have been `processing` for too long back to the queue (the analyser is idempotent). */
export async function requeueStuck(deps: ModerationDeps, userId: string, stuckAfterMs = STUCK_AFTER_MS, now = Date.now()): Promise<number> {
  const processing = await listQueueByStatus(userId, 'processing', 5_000);
  const stuck = processing.filter((s) => now - Date.parse(s.updatedAt) >= stuckAfterMs);
  if (stuck.length) await deps.queue.enqueue(stuck.map((s) => ({ userId, commentId: s.comment.id })));
  return stuck.length;
}

export type Task = 'frequent' | 'daily';

export async function runAutomation(deps: ModerationDeps, task: Task): Promise<{ users: number; requeued: number; synced: number; queued: number; failed: number }> {
  const totals = { users: 0, requeued: 0, synced: 0, queued: 0, failed: 0 };
  for (const userId of await listAutomated()) {
    totals.users++;
    try {
      totals.requeued += await requeueStuck(deps, userId);
      const sync = await syncUser(userId);
      totals.synced += sync.added.length;
      totals.queued += await analyseArrivals(deps, userId, sync.added);
      if (task === 'daily' && (await getUser(userId))?.autoAnalyze) totals.queued += (await bulkAnalyze(deps, userId)).queued;
    } catch (err) {
      totals.failed++;
      console.error('[automation] user failed', userId, err);
    }
  }
  return totals;
}
