/**
 * The run of a brand's schedule (domain/brand-schedules.ts), for the automation function: kept apart
 * from the schedule's editing so that function's bundle carries no cron library.
 */
import { startJob } from './jobs.js';
import { stores } from './store-port.js';
import { brandOf } from './sync.js';

/** What the automation function receives from a brand's schedule. */
export interface BrandRunInput { task: 'brand'; workspaceId: string; brandId: string }

/**
 * A run of a brand's schedule (the automation function): queues its per-brand job. A schedule left
 * at the scheduler after the brand was disconnected, the schedule turned off or the workspace
 * deleted does nothing.
 */
export async function runBrandSchedule(input: { workspaceId: string; brandId: string }): Promise<{ jobId: string | null; skipped?: string }> {
  const { workspaceId, brandId } = input;
  const stored = await stores.schedules.getSchedule(workspaceId, brandId);
  if (!stored || stored.preset === 'off') return { jobId: null, skipped: 'no schedule' };
  const accounts = await stores.accounts.listAccounts(workspaceId);
  if (!accounts.some((a) => brandOf(a) === brandId && a.isActive && !a.needsReconnect && a.encryptedToken)) return { jobId: null, skipped: 'brand not connected' };
  const job = await startJob(workspaceId, 'scheduled-sync', { brandId, task: 'brand' });
  return { jobId: job.id };
}
