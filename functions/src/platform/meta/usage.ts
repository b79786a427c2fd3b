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
