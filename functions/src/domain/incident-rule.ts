/**
 * The troll-attack detection rule (issue 11 item 4), pure: which comments count, which bucket a
 * comment falls in, and whether a post's counts make a burst far above its own baseline. The figures
 * are declared once in shared/src/incidents.ts (TROLL_ATTACK); incidents.ts keeps the counts.
 */
import { TROLL_ATTACK, type AiDecision } from '@cg/shared';

export type TrollAttackRule = { [K in keyof typeof TROLL_ATTACK]: number };

/** A comment counts towards a burst when its analysis says it is negative or offensive. */
export function countsTowardsBurst(d: Pick<AiDecision, 'sentiment' | 'isOffensive'> | null | undefined): boolean {
  return Boolean(d && (d.sentiment === 'negative' || d.isOffensive));
}

/** The bucket (a whole number of `bucketMinutes` since the epoch) a time falls in. */
export function bucketOf(atMs: number, rule: TrollAttackRule = TROLL_ATTACK): number {
  return Math.floor(atMs / (rule.bucketMinutes * 60_000));
}

/** The buckets of the window ending with `bucket` (oldest first). */
export function windowBuckets(bucket: number, rule: TrollAttackRule = TROLL_ATTACK): { from: number; to: number } {
  const n = Math.max(1, Math.round(rule.windowMinutes / rule.bucketMinutes));
  return { from: bucket - n + 1, to: bucket };
}

export interface PostCounts {
  /** Counted comments in the window ending at the new one (the new one included). */
  window: number;
  /** Every counted comment of the post so far (the window's included). */
  total: number;
  /** When the post's first counted comment was written (ms). */
  firstAtMs: number;
  /** Start of the window (ms): the first bucket's start. */
  windowStartMs: number;
}

export interface BurstVerdict {
  burst: boolean;
  /** The post's counted comments per window before this window. */
  baseline: number;
  threshold: number;
  window: number;
}

/**
 * Whether the post's window is a burst: at least max(minNegatives, ceil(baselineFactor × baseline))
 * counted comments, the baseline being the post's average per window before this window.
 */
export function judgeBurst(c: PostCounts, rule: TrollAttackRule = TROLL_ATTACK): BurstVerdict {
  const before = Math.max(0, c.total - c.window);
  const windowMs = rule.windowMinutes * 60_000;
  const windowsBefore = Math.max(0, (c.windowStartMs - c.firstAtMs) / windowMs);
  const baseline = before === 0 ? 0 : before / Math.max(1, windowsBefore);
  const threshold = Math.max(rule.minNegatives, Math.ceil(rule.baselineFactor * baseline));
  return { burst: c.window >= threshold, baseline: Math.round(baseline * 100) / 100, threshold, window: c.window };
}

/** What every action of an incident says as its reason (Automation log, history, audit). */
export function incidentReason(incidentId: string, postId: string): string {
  return `troll-attack incident ${incidentId} on post ${postId}`;
}
