/** Parses Meta's X-App-Usage and X-Business-Use-Case-Usage headers into one usage summary. */
export interface BucEntry { type?: string; call_count?: number; total_cputime?: number; total_time?: number; estimated_time_to_regain_access?: number }
export interface GraphUsage {
  app?: { call_count?: number; total_cputime?: number; total_time?: number };
  buc: Record<string, BucEntry[]>;
  /** Highest percentage across every counter (app and BUC). */
  maxPercent: number;
  /** Largest estimated_time_to_regain_access, in ms (0 when none). */
  regainMs: number;
}

/** Above this usage percentage, callers should slow down (reference A4). */
export const SLOW_DOWN_PERCENT = 75;

function parseJson(value: string | null): unknown {
  if (!value) return undefined;
  try { return JSON.parse(value); } catch { return undefined; }
}

export function parseUsageHeaders(headers: Headers): GraphUsage | null {
  const appRaw = parseJson(headers.get('x-app-usage'));
  const bucRaw = parseJson(headers.get('x-business-use-case-usage'));
  if (appRaw === undefined && bucRaw === undefined) return null;
  const app = appRaw && typeof appRaw === 'object' ? (appRaw as GraphUsage['app']) : undefined;
  const buc: Record<string, BucEntry[]> = {};
  if (bucRaw && typeof bucRaw === 'object') {
    for (const [k, v] of Object.entries(bucRaw as Record<string, unknown>)) if (Array.isArray(v)) buc[k] = v as BucEntry[];
  }
  const pct = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
  let maxPercent = app ? Math.max(pct(app.call_count), pct(app.total_cputime), pct(app.total_time)) : 0;
  let regainMin = 0;
  for (const entries of Object.values(buc)) {
    for (const e of entries) {
      maxPercent = Math.max(maxPercent, pct(e.call_count), pct(e.total_cputime), pct(e.total_time));
      regainMin = Math.max(regainMin, pct(e.estimated_time_to_regain_access));
    }
  }
  return { app, buc, maxPercent, regainMs: regainMin * 60_000 };
}

/** At or above this usage percentage, calls are deferred (not made) until Meta's window has room again. */
export const DEFER_PERCENT = 90;
/** How long a deferral lasts when Meta gives no estimated_time_to_regain_access. */
export const DEFER_MS = 5 * 60_000;
/** The longest pause between calls while slowing down (usage between SLOW_DOWN_PERCENT and DEFER_PERCENT). */
export const MAX_PACE_MS = 2_000;

/**
 * Respects the usage headers (reference: "slow down above ~75 %", stop before the limit): the app's
 * usage (X-App-Usage) applies to every call, a Business Use Case's (X-Business-Use-Case-Usage) to the
 * calls on that object (a path naming its id, or a post id `<pageId>_<postId>`). Between 75 % and
 * 90 % each call waits a pause growing with the usage; from 90 % calls are deferred: `before` says
 * how long, and the caller stops (the sync marks the account throttled until then).
 */
export class UsageGovernor {
  private app: { pct: number; until: number } | null = null;
  private readonly objects = new Map<string, { pct: number; until: number }>();

  note(usage: GraphUsage, now = Date.now()): void {
    const pct = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
    if (usage.app) {
      const p = Math.max(pct(usage.app.call_count), pct(usage.app.total_cputime), pct(usage.app.total_time));
      this.app = { pct: p, until: now + (p >= DEFER_PERCENT ? Math.max(usage.regainMs, DEFER_MS) : 0) };
    }
    for (const [id, entries] of Object.entries(usage.buc)) {
      let p = 0;
      let regain = 0;
      for (const e of entries) {
        p = Math.max(p, pct(e.call_count), pct(e.total_cputime), pct(e.total_time));
        regain = Math.max(regain, pct(e.estimated_time_to_regain_access) * 60_000);
      }
      this.objects.set(id, { pct: p, until: now + (p >= DEFER_PERCENT ? Math.max(regain, DEFER_MS) : 0) });
    }
  }

  /** Before a call on `path`: defer (ms until allowed) or pace (ms to wait first). */
  before(path: string, now = Date.now()): { deferMs: number; paceMs: number } {
    const id = /^\/(?:v[\d.]+\/)?([^/_]+)/.exec(path)?.[1];
    const states = [this.app, id ? this.objects.get(id) : undefined].filter((s): s is { pct: number; until: number } => !!s);
    let deferMs = 0;
    let worst = 0;
    for (const s of states) {
      if (s.pct >= DEFER_PERCENT && s.until > now) deferMs = Math.max(deferMs, s.until - now);
      else worst = Math.max(worst, s.pct);
    }
    const paceMs = worst > SLOW_DOWN_PERCENT ? Math.round(((Math.min(worst, DEFER_PERCENT) - SLOW_DOWN_PERCENT) / (DEFER_PERCENT - SLOW_DOWN_PERCENT)) * MAX_PACE_MS) : 0;
    return { deferMs, paceMs };
  }
}
