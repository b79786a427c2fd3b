/**
 * The run of a brand's schedule (domain/brand-schedules.ts), for the automation function: kept apart
 * from the schedule's editing so that function's bundle carries no cron library.
 */
import { createHash } from 'node:crypto';
import { startJob } from './jobs.js';
import { scheduler } from './scheduler-port.js';
import { stores } from './store-port.js';
import { brandOf } from './sync.js';

/** What the automation function receives from a brand's schedule. */
export interface BrandRunInput { task: 'brand'; workspaceId: string; brandId: string }

/** The schedule's name at the scheduler (≤ 64 characters, whatever the ids' lengths). */
export function scheduleName(workspaceId: string, brandId: string): string {
  return `brand-${createHash('sha256').update(`${workspaceId}/${brandId}`).digest('hex').slice(0, 40)}`;
}

/** A schedule turned off this long ago and still firing was left behind (saving removes before it stores). */
const LEFT_BEHIND_AFTER_MS = 10 * 60_000;

/**
 * A run of a brand's schedule (the automation function): queues its per-brand job. A run for a
 * brand no longer connected does nothing (its schedule resumes when it is reconnected). A schedule
 * left at the scheduler by a deleted workspace, or by a schedule turned off (well before now), is
 * removed from the scheduler by its next run.
 */
export async function runBrandSchedule(input: { workspaceId: string; brandId: string }, now = Date.now()): Promise<{ jobId: string | null; skipped?: string }> {
  const { workspaceId, brandId } = input;
  const stored = await stores.schedules.getSchedule(workspaceId, brandId);
  if (!stored || stored.preset === 'off') {
    const gone = !(await stores.workspaces.getWorkspace(workspaceId)) || (stored && now - Date.parse(stored.updatedAt) > LEFT_BEHIND_AFTER_MS);
    if (!gone) return { jobId: null, skipped: 'no schedule' };
    await scheduler().remove(scheduleName(workspaceId, brandId));
    return { jobId: null, skipped: 'no schedule: removed from the scheduler' };
  }
  const accounts = await stores.accounts.listAccounts(workspaceId);
  if (!accounts.some((a) => brandOf(a) === brandId && a.isActive && !a.needsReconnect && a.encryptedToken)) return { jobId: null, skipped: 'brand not connected' };
  const job = await startJob(workspaceId, 'scheduled-sync', { brandId, task: 'brand' });
  return { jobId: job.id };
}
