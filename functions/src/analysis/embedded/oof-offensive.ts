/**
 * Out-of-fold measurement of the offensive heads on the TRAINING rows only (never the eval files; the rows whose
 * text is in an eval file are left out as in train.ts): 7 folds (row index mod 7) of the OLID and Davidson
 * training rows; each fold's heads are trained as train.ts trains the shipped ones (defaults: l2 1e-4, 10 epochs,
 * the tweets head with every 4th Davidson row) and read the held-out fold and the UMSAB training comments the
 * English heads read (their flag rates: averaged over the fold heads, or out-of-fold when those comments are
 * trained on). Prints one JSON line: the tweets head's best OLID macro-F1 at any threshold (no cap), OLID and
 * Davidson macro-F1 at the threshold pair tuned under the 2.5% flag-rate cap on all out-of-fold rows as train.ts
 * tunes it, per-language flag rates, and OLID with the pair tuned on half of the rows and measured on the other.
 * Usage: tsx functions/src/analysis/embedded/oof-offensive.ts [seeds=3] [folds=7]
 * Environment: L2, EPOCHS, LR, ALPHA (naive-Bayes smoothing), DQ (every DQ-th Davidson row in the tweets head;
 * 0 none), ORDCLEAN=1 (the UMSAB comments read as English join the tweets head as clean, out-of-fold; 2: the
 * Hindi file's only), OCW (copies of them), ORDCLEAND=1 (the Davidson head too), WORD/CHAR/CHARMAX (feature
 * groups), DUMP=file (out-of-fold probabilities as JSON), SHOW=1 (the ordinary comments flagged).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readLabelled } from './csv.js';
import { detect } from './language.js';
import { offensiveWords } from './offensive-lexicon.js';
import { cues } from './rules.js';
import { featurizeOffensive as featurizeOff, OFFENSIVE_FEATURES } from './offensive-features.js';
import { EVAL_DIR, TRAIN_DIR } from './paths.js';
import { confusion, scores } from './metrics.js';
import { ordinaryFlagRates, HEAD_OPTIONS, OFFENSIVE_CLASSES, probabilityOf, textKey, trainNbAveraged, tuneOffensiveThresholds, withoutTexts, type OrdinaryRow } from './trainer.js';

const seeds = Number(process.argv[2] ?? 3);
const K = Number(process.argv[3] ?? 7);
const evalKeys = new Set(readdirSync(EVAL_DIR).filter((f) => f.endsWith('.csv')).flatMap((f) => readLabelled(join(EVAL_DIR, f)).map((r) => textKey(r.text))));
const read = (f: string) => withoutTexts(readLabelled(join(TRAIN_DIR, f)), evalKeys);
const tweets = read('offensive-tweets.csv');
const davidson = read('offensive-davidson.csv');
const env = (k: string, d: number) => (process.env[k] !== undefined ? Number(process.env[k]) : d);
const OPTIONS = { ...HEAD_OPTIONS, l2: env('L2', 1e-4), epochs: env('EPOCHS', 10), lr: env('LR', 0.5) };
const ALPHA = env('ALPHA', 1);
const DQ = env('DQ', 4);
const ORDCLEAN = env('ORDCLEAN', 0);
const ORDCLEAND = env('ORDCLEAND', 0);
const fo = { ...OFFENSIVE_FEATURES, word: env('WORD', 1), char: env('CHAR', 1), charMax: env('CHARMAX', 5) };
const featurizeOffensive = (t: string) => featurizeOff(t, fo);
const tx = tweets.map((r) => featurizeOffensive(r.text));
const dx = davidson.map((r) => featurizeOffensive(r.text));
const ord = readdirSync(TRAIN_DIR).filter((f) => /^sentiment-umsab-\w+\.csv$/.test(f)).flatMap((f) => read(f).map((r) => {
  const g = detect(r.text);
  const english = Boolean(g.englishLike) || offensiveWords(r.text, 'en').insults.length > 0;
  const lex = offensiveWords(r.text, g.language);
  return { text: r.text, language: f.replace(/^sentiment-umsab-|\.csv$/g, ''), english, mixedHindi: Boolean(g.mixedHindi), x: english ? featurizeOffensive(r.text) : null,
    fixed: lex.insults.length > 0 || (lex.profanity.length > 0 && lex.targeted) || cues(r.text).has('threat'), a: 0, b: 0 };
}));
const oofT: Array<[number, number, string]> = tweets.map((r) => [0, 0, r.label]);
const oofD: Array<[number, number, string]> = davidson.map((r) => [0, 0, r.label]);
const t0 = Date.now();
for (let f = 0; f < K; f++) {
  const tIdx = tweets.map((_, i) => i).filter((i) => i % K !== f);
  const dIdx = davidson.map((_, i) => i).filter((i) => i % K !== f);
  const dq = DQ ? dIdx.filter((_, j) => j % DQ === 1) : [];
  const oc1 = ORDCLEAN ? ord.filter((o, j) => o.x && j % K !== f && (ORDCLEAN === 1 || o.language === 'hi')) : [];
  const oc = Array.from({ length: env('OCW', 1) }, () => oc1).flat();
  const tHead = trainNbAveraged({ x: [...tIdx.map((i) => tx[i]!), ...dq.map((i) => dx[i]!), ...oc.map((o) => o.x!)], labels: [...tIdx.map((i) => tweets[i]!.label), ...dq.map((i) => davidson[i]!.label), ...oc.map(() => 'clean')] }, OFFENSIVE_CLASSES, OPTIONS, seeds, ALPHA);
  const od = ORDCLEAND ? oc : [];
  const dHead = trainNbAveraged({ x: [...dIdx.map((i) => dx[i]!), ...od.map((o) => o.x!)], labels: [...dIdx.map((i) => davidson[i]!.label), ...od.map(() => 'clean')] }, OFFENSIVE_CLASSES, OPTIONS, seeds, ALPHA);
  tweets.forEach((_, i) => { if (i % K === f) oofT[i] = [probabilityOf(tHead, tx[i]!, 'offensive'), probabilityOf(dHead, tx[i]!, 'offensive'), tweets[i]!.label]; });
  davidson.forEach((_, i) => { if (i % K === f) oofD[i] = [probabilityOf(tHead, dx[i]!, 'offensive'), probabilityOf(dHead, dx[i]!, 'offensive'), davidson[i]!.label]; });
  if (ORDCLEAN) ord.forEach((o, j) => { if (o.x && j % K === f) { o.a = probabilityOf(tHead, o.x, 'offensive'); o.b = probabilityOf(dHead, o.x, 'offensive'); } });
  else for (const o of ord) if (o.x) { o.a += probabilityOf(tHead, o.x, 'offensive') / K; o.b += probabilityOf(dHead, o.x, 'offensive') / K; }
  console.error(`fold ${f} ${((Date.now() - t0) / 1000).toFixed(0)}s`);
}
const ordinary: OrdinaryRow[] = ord.map(({ x: _x, text: _t, ...o }) => o);
const f1 = (rows: Array<[number, number, string]>, t1: number, t2: number) =>
  scores(confusion(OFFENSIVE_CLASSES, rows.map((r) => r[2]), rows.map((r) => (r[0] >= t1 || r[1] >= t2 ? 'offensive' : 'clean')))).macroF1;
let bestFree = 0;
for (let t = 0.2; t <= 0.9; t += 0.025) bestFree = Math.max(bestFree, f1(oofT.map((r) => [r[0], 0, r[2]]), t, 2));
const all = tuneOffensiveThresholds(oofT, oofD, ordinary, 0.025, 0.9);
let nested = 0;
let nestedD = 0;
for (const h of [0, 1]) {
  const tt = tuneOffensiveThresholds(oofT.filter((_, i) => i % 2 === h), oofD.filter((_, i) => i % 2 === h), ordinary, 0.025, 0.9);
  nested += f1(oofT.filter((_, i) => i % 2 !== h), tt.tweets, tt.davidson) / 2;
  nestedD += f1(oofD.filter((_, i) => i % 2 !== h), tt.tweets, tt.davidson) / 2;
}
console.log(JSON.stringify({ label: process.env.OOF_LABEL ?? '', uncappedTweetsHeadBest: +bestFree.toFixed(4), capped: { tweets: all.tweets, davidson: all.davidson, olid: +all.f1A.toFixed(4), dav: +all.f1B.toFixed(4), worst: +all.worstRate.toFixed(4) }, rates: Object.fromEntries([...ordinaryFlagRates(ordinary, all.tweets, all.davidson)].map(([l, r]) => [l, +(100 * r).toFixed(1)])), nestedOlid: +nested.toFixed(4), nestedDav: +nestedD.toFixed(4), secs: Math.round((Date.now() - t0) / 1000) }));
if (process.env.DUMP) (await import('node:fs')).writeFileSync(process.env.DUMP, JSON.stringify({ oofT, oofD, ord: ordinary }));
if (process.env.SHOW) {
  const resc = (p: number, th: number) => (p < th ? (0.5 * p) / th : 0.5 + (0.5 * (p - th)) / (1 - th));
  for (const o of ord) if (o.english && !o.fixed) {
    const sc = Math.max(resc(o.a, all.tweets), resc(o.b, all.davidson));
    if (sc >= 0.5 && !(o.mixedHindi && sc < 0.75)) console.log(`FLAG ${o.language} ${sc.toFixed(2)} ${o.mixedHindi ? 'MIX ' : ''}${o.text.replace(/\s+/g, ' ').slice(0, 140)}`);
  }
}
