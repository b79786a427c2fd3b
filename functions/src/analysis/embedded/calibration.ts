/** Platt scaling fitted by Newton steps on held-out (probability, was-right) pairs, and reliability tables. */
import type { Platt } from './model.js';

const logit = (p: number) => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));

export function fitPlatt(pairs: Array<[number, boolean]>): Platt {
  let a = 1;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
    for (const [p, y] of pairs) {
      const x = logit(p);
      const q = 1 / (1 + Math.exp(-(a * x + b)));
      const r = q - (y ? 1 : 0);
      const w = q * (1 - q) + 1e-9;
      ga += r * x; gb += r; haa += w * x * x; hab += w * x; hbb += w;
    }
    haa += 1e-6; hbb += 1e-6;
    const det = haa * hbb - hab * hab;
    if (!det) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da; b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-7) break;
  }
  return [+a.toFixed(4), +b.toFixed(4)];
}

export interface ReliabilityRow { bin: string; n: number; stated: number; right: number }

/** Decisions grouped by stated confidence (0-100) in bins of 10 from 50: mean stated vs share right. */
export function reliability(items: Array<{ confidence: number; right: boolean }>): ReliabilityRow[] {
  const bins = new Map<number, { n: number; stated: number; right: number }>();
  for (const { confidence, right } of items) {
    const lo = Math.min(90, Math.max(0, Math.floor(confidence / 10) * 10));
    const bin = bins.get(lo) ?? { n: 0, stated: 0, right: 0 };
    bin.n++; bin.stated += confidence; bin.right += right ? 1 : 0;
    bins.set(lo, bin);
  }
  return [...bins.entries()].sort((x, y) => x[0] - y[0]).map(([lo, v]) => ({ bin: `${lo}-${lo + 10}`, n: v.n, stated: v.stated / v.n, right: (100 * v.right) / v.n }));
}
