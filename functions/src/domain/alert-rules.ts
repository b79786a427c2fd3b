/** The pure rules behind alerts (issue 11, item 7): when negative comments are a surge; which period a dedupe key covers. */
import { NEGATIVE_SURGE, type AlertKind } from '@cg/shared';

export interface HourCount { negative: number; total: number }

export interface SurgeVerdict {
  surge: boolean;
  /** Negative comments per hour over the baseline hours. */
  baselinePerHour: number;
  /** The negative comments the hour needed. */
  threshold: number;
  /** The hour's share of negative comments (0-1). */
  share: number;
}

/**
 * Is this hour a surge of negative comments against the hours before it (`previous`, any order,
 * missing hours as zeros)? See NEGATIVE_SURGE in shared/src/alerts.ts.
 */
export function negativeSurge(current: HourCount, previous: HourCount[], rule: typeof NEGATIVE_SURGE = NEGATIVE_SURGE): SurgeVerdict {
  const baselinePerHour = previous.reduce((n, h) => n + h.negative, 0) / rule.baselineHours;
  const threshold = Math.max(rule.minNegatives, Math.ceil(rule.factor * baselinePerHour));
  const share = current.total > 0 ? current.negative / current.total : 0;
  return { surge: current.negative >= threshold && share >= rule.minShare, baselinePerHour, threshold, share };
}

/** 'YYYY-MM-DDTHH' of a time, in UTC. */
export const hourOf = (d: Date): string => d.toISOString().slice(0, 13);

/** The `n` UTC hours before `hour`, newest first. */
export function hoursBefore(hour: string, n: number): string[] {
  const start = Date.parse(`${hour}:00:00.000Z`);
  return Array.from({ length: n }, (_, i) => hourOf(new Date(start - (i + 1) * 3_600_000)));
}

/**
 * The period a kind's dedupe key covers, and when it ends: an incident alerts once (its id is the
 * subject), quota once a calendar month (the quota's month), the others once a UTC day per subject.
 */
export function alertPeriod(kind: AlertKind, now: Date): { period: string; endsAt: Date } {
  const y = now.getUTCFullYear(), m = now.getUTCMonth(), d = now.getUTCDate();
  if (kind === 'incident') return { period: 'once', endsAt: new Date(now.getTime() + 90 * 86_400_000) };
  if (kind === 'quota_80' || kind === 'quota_100') return { period: now.toISOString().slice(0, 7), endsAt: new Date(Date.UTC(y, m + 1, 1)) };
  return { period: now.toISOString().slice(0, 10), endsAt: new Date(Date.UTC(y, m, d + 1)) };
}
