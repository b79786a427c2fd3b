/**
 * Learning from moderators, measured (issue 10 item 9): the labelled business comments replayed as
 * one workspace's stream, in a fixed shuffled order (seeded, so the figure is reproducible). The first
 * half is decided by the analyser and "reviewed": the moderator's label becomes a workspace example,
 * as an approve or a correction does in the app. The second half is then decided twice — by the
 * analyser alone, and with the workspace memory built from the first half's examples (near-duplicates
 * decided as the moderator did, the per-workspace layer) — and each is compared with the labels.
 * A second figure pastes a sample of the first half's spam and scams again with small changes
 * (the same spam under other ads) to measure the near-duplicate match on its own. A third replays a
 * stream drawn like the Meta sandbox's live comments (its corpus: templated texts that recur, as real
 * pages' comments do), labelled by a workspace whose moderators reply to questions, praise and
 * complaints, delete spam and scams, hide offensive comments and leave neutral ones and trolls alone.
 *
 * `npm run eval -- --replay` (or `tsx functions/src/analysis/replay-eval.ts`).
 */
import type { AiDecision } from '@cg/shared';
import { buildMemory, normaliseText, withMemory, type Example } from '../domain/memory.js';
import { EmbeddedAnalyser } from './embedded/analyser.js';
import { readBusiness, type BusinessRow } from './embedded/business-eval.js';
import { BUSINESSES, CATEGORIES, CATEGORY_WEIGHTS, fillTemplate, LANGUAGE_WEIGHTS, LANGUAGES, NAMES, TEXTS, type Category } from '../../../infra/local/meta-sandbox/corpus.js';

/** A small seeded PRNG (mulberry32): the same order on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  const r = random(seed);
  for (let i = out.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [out[i], out[j]] = [out[j]!, out[i]!]; }
  return out;
}

const VERB = { delete: 'deleted', hide: 'hid', reply: 'replied to', ignore: 'kept' } as const;

/** Small changes a spammer makes when pasting the same text again. */
function repasted(text: string, i: number): string {
  const edits = [(t: string) => `${t} !!`, (t: string) => t.toUpperCase(), (t: string) => `@friend ${t}`, (t: string) => t.replace(/\s+/g, '  ')];
  return edits[i % edits.length]!(text);
}

export interface ReplayReport { seed: number; before: number; after: number; changed: number; duplicates: { n: number; before: number; after: number } }

export async function replay(print: (line: string) => void, seed = 20261122): Promise<ReplayReport> {
  const rows = shuffled(readBusiness(), seed);
  const analyser = new EmbeddedAnalyser();
  const decide = async (rs: BusinessRow[]) => analyser.analyse(rs.map((r) => ({ id: r.id, content: r.text, authorName: r.author, platform: 'facebook' as const })), { businessName: 'Acme' });
  const half = Math.floor(rows.length / 2);
  const first = rows.slice(0, half);
  const second = rows.slice(half);
  const firstDecisions = await decide(first);
  const day = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString();
  // Newest first, as the store lists them.
  const examples: Example[] = first.map((r, i): Example => ({
    commentId: r.id, text: normaliseText(r.text), final: r.decision, ai: firstDecisions[i]!.decision, verb: VERB[r.decision],
    source: 'moderator', brandId: null, at: day(i),
  })).reverse();
  const memory = buildMemory(examples);
  const agree = (rs: BusinessRow[], ds: AiDecision[]) => rs.filter((r, i) => ds[i]!.decision === r.decision).length / (rs.length || 1);
  const plain = await decide(second);
  const learnt = second.map((r, i) => withMemory(memory, r.text, plain[i]!));
  const changed = learnt.filter((d, i) => d.decision !== plain[i]!.decision).length;
  const corrections = examples.filter((e) => e.final !== e.ai).length;

  const spam = first.filter((r) => r.category === 'spam' || r.category === 'scam').slice(0, 20);
  const copies = spam.map((r, i) => ({ ...r, text: repasted(r.text, i) }));
  const copyPlain = await decide(copies);
  const copyLearnt = copies.map((r, i) => withMemory(memory, r.text, copyPlain[i]!));
  const report: ReplayReport = {
    seed, before: agree(second, plain), after: agree(second, learnt), changed,
    duplicates: { n: copies.length, before: agree(copies, copyPlain), after: agree(copies, copyLearnt) },
  };
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  print(`== learning from moderators: business comments replayed as one workspace's stream (seeded order ${seed})`);
  print(`  first half: ${first.length} comments reviewed (${corrections} corrections of the AI); second half: ${second.length} comments`);
  print(`  agreement on the second half: before learning ${pct(report.before)}, after learning from the first half ${pct(report.after)} (${changed} decisions changed by the workspace memory)`);
  second.forEach((r, i) => {
    if (learnt[i]!.decision !== plain[i]!.decision) print(`    ${r.id} want ${r.decision}: ${plain[i]!.decision} → ${learnt[i]!.decision} (${learnt[i]!.reasons?.[0] ?? ''}) ${r.text.slice(0, 50)}`);
  });
  print(`  ${copies.length} spam/scam comments of the first half pasted again with small changes: agreement ${pct(report.duplicates.before)} before, ${pct(report.duplicates.after)} with the near-duplicate match`);
  print('');
  return report;
}

/** The sandbox workspace's moderators: what they decide per kind of comment. */
const SANDBOX_POLICY: Record<Category, BusinessRow['decision']> = {
  question: 'reply', praise: 'reply', complaint: 'reply', neutral: 'ignore', spam: 'delete', scam: 'delete', offensive: 'hide', troll: 'ignore',
};

function pick<T>(r: () => number, weights: Record<string, number>, keys: readonly T[]): T {
  const total = keys.reduce((n, k) => n + (weights[String(k)] ?? 0), 0);
  let x = r() * total;
  for (const k of keys) { x -= weights[String(k)] ?? 0; if (x < 0) return k; }
  return keys[keys.length - 1]!;
}

/** A stream like the sandbox's live comments: category and language by the sandbox's weights, a template filled with a product. */
function sandboxStream(n: number, seed: number): BusinessRow[] {
  const r = random(seed);
  const business = BUSINESSES[0]!;
  const rows: BusinessRow[] = [];
  while (rows.length < n) {
    const category = pick(r, CATEGORY_WEIGHTS, CATEGORIES);
    const language = pick(r, LANGUAGE_WEIGHTS, LANGUAGES);
    const texts = TEXTS[category][language] ?? TEXTS[category].en!;
    const text = fillTemplate(texts[Math.floor(r() * texts.length)]!, business.products[Math.floor(r() * business.products.length)]!, business.name);
    const names = NAMES[language];
    rows.push({ id: `sb-${rows.length}`, text, language, category, decision: SANDBOX_POLICY[category], author: names[Math.floor(r() * names.length)]! });
  }
  return rows;
}

export async function replaySandbox(print: (line: string) => void, n = 600, seed = 20261122): Promise<{ before: number; after: number }> {
  const rows = sandboxStream(n, seed);
  const analyser = new EmbeddedAnalyser();
  const brand = { businessName: BUSINESSES[0]!.name };
  const decide = (rs: BusinessRow[]) => analyser.analyse(rs.map((x) => ({ id: x.id, content: x.text, authorName: x.author, platform: 'facebook' as const })), brand);
  const first = rows.slice(0, n / 2);
  const second = rows.slice(n / 2);
  const firstDecisions = await decide(first);
  const examples: Example[] = first.map((x, i): Example => ({
    commentId: x.id, text: normaliseText(x.text), final: x.decision, ai: firstDecisions[i]!.decision, verb: VERB[x.decision], source: 'moderator', brandId: null,
    at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
  })).reverse();
  const memory = buildMemory(examples);
  const plain = await decide(second);
  const learnt = second.map((x, i) => withMemory(memory, x.text, plain[i]!));
  const agree = (ds: AiDecision[]) => second.filter((x, i) => ds[i]!.decision === x.decision).length / second.length;
  const report = { before: agree(plain), after: agree(learnt) };
  const byCategory = (ds: AiDecision[]) => CATEGORIES.map((c) => {
    const idx = second.map((x, i) => [x, i] as const).filter(([x]) => x.category === c);
    return `${c} ${idx.length ? (100 * idx.filter(([x, i]) => ds[i]!.decision === x.decision).length / idx.length).toFixed(0) : '-'}%`;
  }).join('  ');
  print(`== learning from moderators: a sandbox-like stream of ${n} comments (${BUSINESSES[0]!.name}; seeded ${seed})`);
  print(`  first half: ${first.length} reviewed (${examples.filter((e) => e.final !== e.ai).length} corrections of the AI); second half: ${second.length}`);
  print(`  agreement on the second half: before learning ${(100 * report.before).toFixed(1)}%, after learning from the first half ${(100 * report.after).toFixed(1)}%`);
  print(`    before: ${byCategory(plain)}`);
  print(`    after:  ${byCategory(learnt)}`);
  print('');
  return report;
}

if (process.argv[1]?.endsWith('replay-eval.ts')) { await replay(console.log); await replaySandbox(console.log); }
