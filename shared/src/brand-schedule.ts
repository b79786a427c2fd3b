/**
 * Scheduled automation per brand (issue 11 item 6, the Auto Flow Schedule page's promise): at the
 * times a brand chooses, in the brand's IANA time zone, its comments are synced, the arrivals run
 * through the rules, analysed, and autopilot applies what it is set to apply. Declared once: the API
 * validates with these schemas, the domain (functions/src/domain/brand-schedules.ts) turns them into
 * EventBridge Scheduler cron expressions, Settings builds its form from the presets.
 */
import * as z from 'zod';

/** off; daily at one time; several times a day; weekdays only (Mon-Fri); weekends only (Sat, Sun). */
export const SCHEDULE_PRESETS = ['off', 'daily', 'several', 'weekdays', 'weekends'] as const;
export type SchedulePreset = (typeof SCHEDULE_PRESETS)[number];
export const SCHEDULE_PRESET_LABELS: Record<SchedulePreset, string> = {
  off: 'Off', daily: 'Daily at a time', several: 'Several times a day', weekdays: 'Weekdays only (Mon-Fri)', weekends: 'Weekends only (Sat, Sun)',
};
/** At most this many run times a day. */
export const MAX_SCHEDULE_TIMES = 6;
/** How many next runs the API answers. */
export const NEXT_RUNS = 5;

/** True when `tz` is an IANA time zone name (Europe/Berlin, America/New_York, UTC) this runtime knows; offsets such as +05:00 are not zones. */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz) || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM (24-hour clock), e.g. 09:00');

export const BrandScheduleInput = z.object({
  preset: z.enum(SCHEDULE_PRESETS),
  /** Local times of day in `timeZone`, HH:MM. */
  times: z.array(TimeOfDay).max(MAX_SCHEDULE_TIMES, `must hold at most ${MAX_SCHEDULE_TIMES} times`).default([]),
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone name such as Europe/Berlin or America/New_York'),
}).superRefine((s, ctx) => {
  if (new Set(s.times).size !== s.times.length) ctx.addIssue({ code: 'custom', path: ['times'], message: 'must not repeat a time' });
  const need: Record<SchedulePreset, [number, string] | null> = {
    off: null,
    daily: [1, 'must hold exactly one time for a daily schedule'],
    several: [2, 'must hold at least two times for a schedule several times a day'],
    weekdays: [1, 'must hold at least one time'],
    weekends: [1, 'must hold at least one time'],
  };
  const rule = need[s.preset];
  if (!rule) return;
  if (s.times.length < rule[0] || (s.preset === 'daily' && s.times.length !== 1)) ctx.addIssue({ code: 'custom', path: ['times'], message: rule[1] });
});
export type BrandScheduleInput = z.input<typeof BrandScheduleInput>;

export const BrandSchedule = z.object({
  brandId: z.string(),
  preset: z.enum(SCHEDULE_PRESETS),
  times: z.array(z.string()),
  timeZone: z.string(),
  updatedAt: z.string().nullable(),
  /** The next runs (ISO instants, UTC), computed in the brand's time zone; empty when off. */
  nextRuns: z.array(z.string()),
});
export type BrandSchedule = z.infer<typeof BrandSchedule>;

/** One cron line per distinct minute of the times (09:00, 13:00 and 17:00 share one: minute 0, hours 9,13,17). */
export interface CronLine { minute: number; hours: number[]; days: 'every' | 'weekdays' | 'weekends' }

export function cronLines(s: { preset: SchedulePreset; times: string[] }): CronLine[] {
  if (s.preset === 'off') return [];
  const days = s.preset === 'weekdays' ? 'weekdays' : s.preset === 'weekends' ? 'weekends' : 'every';
  const byMinute = new Map<number, number[]>();
  for (const t of s.times) {
    const [h, m] = t.split(':').map(Number) as [number, number];
    byMinute.set(m, [...(byMinute.get(m) ?? []), h]);
  }
  return [...byMinute.entries()].sort((a, b) => a[0] - b[0]).map(([minute, hours]) => ({ minute, hours: [...new Set(hours)].sort((a, b) => a - b), days }));
}

/** EventBridge Scheduler's cron: cron(minutes hours day-of-month month day-of-week year). */
export function awsCron(l: CronLine): string {
  const dow = l.days === 'weekdays' ? 'MON-FRI' : l.days === 'weekends' ? 'SAT,SUN' : '*';
  return `cron(${l.minute} ${l.hours.join(',')} ${dow === '*' ? '*' : '?'} * ${dow === '*' ? '?' : dow} *)`;
}

/** The same line as a five-field Unix cron (0 = Sunday), for computing next runs. */
export function unixCron(l: CronLine): string {
  const dow = l.days === 'weekdays' ? '1-5' : l.days === 'weekends' ? '0,6' : '*';
  return `${l.minute} ${l.hours.join(',')} * * ${dow}`;
}
