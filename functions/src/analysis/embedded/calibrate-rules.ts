/**
 * `tsx functions/src/analysis/embedded/calibrate-rules.ts`: sets the confidence stated by each rule-based
 * decision (threat, scam, self-promotion, criticism, question, praise words, a tag of someone else, another
 * language's insult lexicon) to the share
 * of those decisions that agree with the moderator on the calibration half of the labelled business
 * comments (even rows; Laplace-smoothed), and writes rule-confidence.ts. The eval's reliability table
 * for the business comments is printed on the other half.
 */
import { writeFileSync } from 'node:fs';
import type { AiDecision } from '@cg/shared';
import { EmbeddedAnalyser } from './analyser.js';
import { readBusiness, type BusinessRow } from './business-eval.js';
import { REASONS } from './policy.js';
import { RULE_CONFIDENCE } from './rule-confidence.js';

export const RULE_CONFIDENCE_PATH = new URL('./rule-confidence.ts', import.meta.url).pathname;
export const isCalibrationRow = (_: BusinessRow, i: number) => i % 2 === 0;

/** Which rule produced a decision (undefined: a model's probability states the confidence). */
export function ruleOf(d: AiDecision): string | undefined {
  const has = (key: string) => d.reasons?.includes(REASONS[key]!);
  // The intent head states its own calibrated probability.
  if (d.reasons?.some((r) => r.endsWith('(intent model)'))) return undefined;
  if (d.category === 'threat') return 'threat';
  if (d.category === 'scam') return 'scam';
  if (d.category === 'spam' && !has('spamModel')) return 'promotion';
  if (d.category === 'other' && has('mention')) return 'mention';
  if (d.category === 'complaint' && (has('complaint') || has('sarcasm'))) return 'criticism';
  if (d.category === 'question') return 'question';
  if (d.category === 'praise' && has('praiseWords')) return 'praise';
  if (d.category === 'abuse' && has('hate')) return 'hate';
  if (d.category === 'abuse' && has('offensiveWords') && d.language !== 'en') return 'lexiconAbuse';
  return undefined;
}

if (process.argv[1]?.endsWith('calibrate-rules.ts')) {
  const rows = readBusiness().filter(isCalibrationRow);
  const ds = await new EmbeddedAnalyser().analyse(rows.map((r) => ({ id: r.id, content: r.text, authorName: r.author, platform: 'facebook' })), { businessName: 'Acme' });
  const tally = new Map<string, { n: number; right: number }>();
  ds.forEach((d, i) => {
    const rule = ruleOf(d);
    if (!rule) return;
    const t = tally.get(rule) ?? { n: 0, right: 0 };
    t.n++; t.right += d.decision === rows[i]!.decision ? 1 : 0;
    tally.set(rule, t);
  });
  // A rule that decided none of these rows (with the intent head, criticism, questions and praise words decide only
  // when the model has no such head) keeps its last calibrated confidence.
  const { rows: _rows, ...previous } = RULE_CONFIDENCE;
  const out: Record<string, number> = { ...previous, ...Object.fromEntries([...tally].sort().map(([rule, t]) => [rule, +((t.right + 1) / (t.n + 2)).toFixed(3)])) };
  for (const [rule, t] of tally) console.log(`${rule.padEnd(13)} n=${t.n} right=${t.right} → ${out[rule]}`);
  writeFileSync(RULE_CONFIDENCE_PATH, `/** Written by calibrate-rules.ts: the confidence each rule-based decision states (share right on held-out business comments). */
export const RULE_CONFIDENCE = ${JSON.stringify({ rows: rows.length, ...out }).replace(/"(\w+)":/g, '$1: ').replace(/,/g, ', ').replace(/^\{/, '{ ').replace(/\}$/, ' }')};
`);
  console.log(`wrote ${RULE_CONFIDENCE_PATH}`);
}
