/**
 * How autopilot's default thresholds are chosen (shared/src/autopilot.ts DEFAULT_AUTOPILOT_THRESHOLDS):
 * the labelled business comments are decided by the embedded analyser; for each autopilot category
 * (domain/autopilot.ts autopilotCategory) and each threshold from 50 to 100, this prints how many
 * decisions would be applied without a human and the share of them the moderator agrees with
 * (spam/scam: moderator hid or deleted; abuse: hid or deleted; answer: replied). The default is the
 * lowest threshold (a multiple of 5) at which at least 97% agree, but never below a floor read from the
 * confidence calibration (issue 10 item 7: a decision stated at c is right about c% of the time, the
 * reliability table of `npm run eval`): 80 for a hide (one click undoes it), 90 for a public answer
 * (people read it before anyone can take it back). The business comments are also what the rules'
 * confidences were calibrated on, so they flatter the analyser: the floor keeps the defaults honest.
 *
 * `npm run eval -- --autopilot` (or `tsx functions/src/analysis/autopilot-calibration.ts`).
 */
import { AUTOPILOT_CATEGORIES, type AutopilotCategory } from '@cg/shared/autopilot';
import type { BrandContext } from './port.js';
import { autopilotCategory } from '../domain/autopilot.js';
import { EmbeddedAnalyser } from './embedded/analyser.js';
import { readBusiness } from './embedded/business-eval.js';

const TARGET = 0.97;
const FLOOR: Record<AutopilotCategory, number> = { spam: 80, scam: 80, abuse: 80, answer: 90 };

export async function calibrateAutopilot(print: (line: string) => void, brand: BrandContext = { businessName: 'Acme' }): Promise<Record<AutopilotCategory, number>> {
  const rows = readBusiness();
  const ds = await new EmbeddedAnalyser().analyse(rows.map((r) => ({ id: r.id, content: r.text, authorName: r.author, platform: 'facebook' as const })), brand);
  const out = {} as Record<AutopilotCategory, number>;
  print(`== autopilot calibration on the business comments (${rows.length}): applied without a human / agreeing with the moderator`);
  for (const category of AUTOPILOT_CATEGORIES) {
    const items = ds.map((d, i) => ({ d, want: rows[i]!.decision })).filter((x) => autopilotCategory(x.d) === category);
    const agrees = (want: string) => (category === 'answer' ? want === 'reply' : want === 'hide' || want === 'delete');
    const line: string[] = [];
    let chosen: number | null = null;
    for (let t = 50; t <= 100; t += 5) {
      const applied = items.filter((x) => x.d.confidence >= t);
      const share = applied.filter((x) => agrees(x.want)).length / (applied.length || 1);
      if (chosen === null && applied.length >= 3 && share >= TARGET) chosen = t;
      line.push(`≥${t}: ${applied.length} ${applied.length ? `${(100 * share).toFixed(0)}%` : '-'}`);
    }
    out[category] = Math.max(chosen ?? FLOOR[category], FLOOR[category]);
    print(`  ${category.padEnd(7)} ${line.join('  ')}`);
    print(`          → ${chosen === null ? 'no threshold met the target on this data' : `${(100 * TARGET).toFixed(0)}% from ${chosen}`}; floor ${FLOOR[category]}; default ${out[category]}`);
  }
  print('');
  return out;
}

if (process.argv[1]?.endsWith('autopilot-calibration.ts')) await calibrateAutopilot(console.log);
