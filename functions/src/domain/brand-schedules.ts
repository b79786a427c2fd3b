/**
 * Scheduled automation per brand (issue 11 item 6, the Auto Flow Schedule page): a brand's schedule
 * (shared/src/brand-schedule.ts: off, daily at a time, several times a day, weekdays or weekends
 * only, in the brand's IANA time zone) is stored on the brand and kept as EventBridge Scheduler
 * schedules (the scheduler port: one per distinct minute of its times, cron in the brand's zone).
 * Each run invokes the automation function with `{task: 'brand', workspaceId, brandId}`, which
 * queues the schedule's per-brand job (`scheduled-sync`, task `brand`, domain/job-kinds.ts): sync
 * that brand, the rules on its arrivals, analysis of its pending comments, and autopilot on the
 * decisions (as for every decision; the run itself: brand-schedule-run.ts). The answer carries the
 * next runs, computed in the zone.
 */
import { Cron } from 'croner';
import { BrandScheduleInput, cronLines, awsCron, unixCron, NEXT_RUNS, type BrandSchedule, type SchedulePreset } from '@cg/shared';
import { Missing, UpstreamFailure } from './errors.js';
import { scheduleName, type BrandRunInput } from './brand-schedule-run.js';
import { scheduler } from './scheduler-port.js';
import { stores, type StoredBrandSchedule } from './store-port.js';
import { brandOf } from './sync.js';

export { scheduleName };

/** The next `count` runs after `from`, in the schedule's zone (croner follows the zone's DST changes), as ISO instants. */
export function nextRuns(s: { preset: SchedulePreset; times: string[]; timeZone: string }, from: Date = new Date(), count = NEXT_RUNS): string[] {
  const runs = cronLines(s).flatMap((l) => new Cron(unixCron(l), { timezone: s.timeZone, paused: true }).nextRuns(count, from));
  return [...new Set(runs.map((d) => d.getTime()))].sort((a, b) => a - b).slice(0, count).map((t) => new Date(t).toISOString());
}

/** The brand the id names (its Facebook page id, or any of its accounts' ids), or 404. */
async function resolveBrand(workspaceId: string, brandId: string): Promise<string> {
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const account = accounts.find((a) => brandOf(a) === brandId || a.id === brandId);
  if (!account) throw new Missing(`No connected brand ${brandId} in this workspace: connect its Facebook page in Settings first (GET /api/social-accounts lists the brand ids).`);
  return brandOf(account);
}

function view(brandId: string, s: StoredBrandSchedule | null, now = new Date()): BrandSchedule {
  if (!s) return { brandId, preset: 'off', times: [], timeZone: 'UTC', updatedAt: null, nextRuns: [] };
  return { brandId, preset: s.preset, times: s.times, timeZone: s.timeZone, updatedAt: s.updatedAt, nextRuns: nextRuns(s, now) };
}

export async function readSchedule(workspaceId: string, brandId: string): Promise<BrandSchedule> {
  const id = await resolveBrand(workspaceId, brandId);
  return view(id, await stores.schedules.getSchedule(workspaceId, id));
}

/** Saves the schedule: the scheduler first (a failure there stores nothing: 502), then the record. Off removes the scheduler's schedules. */
export async function saveSchedule(workspaceId: string, brandId: string, body: BrandScheduleInput): Promise<BrandSchedule> {
  const id = await resolveBrand(workspaceId, brandId);
  const input = BrandScheduleInput.parse(body);
  // The zone's canonical spelling (utc → UTC), as EventBridge Scheduler expects it.
  const timeZone = new Intl.DateTimeFormat('en-US', { timeZone: input.timeZone }).resolvedOptions().timeZone;
  const times = [...input.times].sort();
  const record: StoredBrandSchedule = { brandId: id, preset: input.preset, times, timeZone, updatedAt: new Date().toISOString() };
  const name = scheduleName(workspaceId, id);
  try {
    if (record.preset === 'off') await scheduler().remove(name);
    else {
      const run: BrandRunInput = { task: 'brand', workspaceId, brandId: id };
      await scheduler().put(name, { crons: cronLines(record).map(awsCron), timeZone, input: { ...run }, description: `Pagewarden: scheduled automation of brand ${id} (${record.preset} ${times.join(', ')} ${timeZone})` });
    }
  } catch (err) {
    console.error('[schedules] scheduler refused', name, err);
    throw new UpstreamFailure('The schedule could not be saved at the scheduler; nothing was changed. Please try again.');
  }
  await stores.schedules.putSchedule(workspaceId, record);
  return view(id, record);
}
