/**
 * The labelled business comments (data/business-comments.csv: id,text,language,category,decision,author),
 * written to cover every kind of comment a page gets in every supported language, each with the decision
 * an experienced moderator would take. Prints agreement per category and language, threats left visible,
 * scams answered, and a reliability table per decision type.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { AiDecision } from '@cg/shared';
import { EmbeddedAnalyser } from './analyser.js';
import { reliability } from './calibration.js';

export const BUSINESS_PATH = new URL('./data/business-comments.csv', import.meta.url).pathname;

export interface BusinessRow { id: string; text: string; language: string; category: string; decision: AiDecision['decision']; author: string }

export function readBusiness(path = BUSINESS_PATH): BusinessRow[] {
  return parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true }) as BusinessRow[];
}

export interface BusinessReport { rows: number; agreement: number; threatsVisible: number; scamsAnswered: number; byCategory: Record<string, number>; byLanguage: Record<string, number>; bySource: Record<string, number> }

/**
 * Where the rows come from, by id prefix: `biz` written with the rules and replies (the rules were developed
 * against them); the others written blind by people who never saw the analyser, each measured before joining
 * this set: `hc` and `hd` on 2026-11-27 (`hc` then used to choose the intent head's threat budget); `he` to `hj`
 * on 2026-11-28 (`he` then used to choose rules and thresholds, `hf` to `hh` to choose between two trainings,
 * `hi` and `hj` measured last and used for nothing). The business heads never train on this file's texts
 * (data/business-train.csv leaves them out).
 */
const sourceOf = (r: BusinessRow) => r.id.replace(/-\d+$/, '');

const share = (xs: boolean[]) => xs.filter(Boolean).length / (xs.length || 1);

export async function evaluateBusiness(print: (line: string) => void, path = BUSINESS_PATH): Promise<BusinessReport> {
  const rows = readBusiness(path);
  const decisions = await new EmbeddedAnalyser().analyse(
    rows.map((r) => ({ id: r.id, content: r.text, authorName: r.author, platform: 'facebook' })), { businessName: 'Acme' });
  const right = rows.map((r, i) => decisions[i]!.decision === r.decision);
  const group = (key: (r: BusinessRow) => string) => {
    const out: Record<string, number> = {};
    for (const k of new Set(rows.map(key))) out[k] = share(rows.map((r, i) => [r, i] as const).filter(([r]) => key(r) === k).map(([, i]) => right[i]!));
    return out;
  };
  const report: BusinessReport = {
    rows: rows.length,
    agreement: share(right),
    threatsVisible: rows.filter((r, i) => r.category === 'threat' && !['hide', 'delete'].includes(decisions[i]!.decision)).length,
    scamsAnswered: rows.filter((r, i) => r.category === 'scam' && decisions[i]!.decision === 'reply').length,
    byCategory: group((r) => r.category),
    byLanguage: group((r) => r.language),
    bySource: group(sourceOf),
  };
  const fmt = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${(100 * v).toFixed(0)}%`).join('  ');
  print(`== business comments (${path.split('/').slice(-2).join('/')})  rows=${rows.length}`);
  print(`  agreement with the moderator's decision ${(100 * report.agreement).toFixed(1)}%; threats left visible ${report.threatsVisible}; scams answered ${report.scamsAnswered}`);
  print(`  by category: ${fmt(report.byCategory)}`);
  print(`  by language: ${fmt(report.byLanguage)}`);
  print(`  by source: ${fmt(report.bySource)}`);
  rows.forEach((r, i) => { if (!right[i]) print(`    disagree ${r.id} [${r.language}/${r.category}] want ${r.decision}, got ${decisions[i]!.decision} (${decisions[i]!.category}): ${r.text.slice(0, 70)}`); });
  print('  reliability on the evaluation half (odd rows; the even rows calibrate the rules\' confidences, calibrate-rules.ts),');
  print('  stated confidence vs share agreeing with the moderator, per decision type:');
  for (const type of ['reply', 'hide', 'delete', 'ignore'] as const) {
    const items = decisions.map((d, i) => ({ d, right: right[i]!, i })).filter((x) => x.i % 2 === 1 && x.d.decision === type).map((x) => ({ confidence: x.d.confidence, right: x.right }));
    for (const row of reliability(items)) print(`    ${type.padEnd(7)} ${row.bin.padEnd(7)} n=${String(row.n).padStart(4)}  stated ${row.stated.toFixed(0)}  right ${row.right.toFixed(0)}%`);
  }
  print('');
  return report;
}
