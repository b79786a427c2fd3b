/**
 * `npm run train`: rebuilds model.json from ../shared/data/train (offensive, sentiment) and, for spam
 * (which has no training file), from ../shared/data/eval/spam-youtube.csv — its reported figure is k-fold CV.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLabelled } from './csv.js';
import { FEATURE_BITS } from './features.js';
import { pack, predictProba } from './linear.js';
import { fitPlatt } from './calibration.js';
import { detect, detectLanguage } from './language.js';
import { offensiveWords } from './offensive-lexicon.js';
import { cues } from './rules.js';
import { readValence, trainingPolarity } from './train-lexicon.js';
import { featurizeOffensive } from './offensive-features.js';
import { confusion } from './metrics.js';
import { rescale, SENTIMENT_CLASSES, type ModelFile } from './model.js';
import { scores } from './metrics.js';
import { EVAL_DIR, MODEL_PATH, TRAIN_DIR } from './paths.js';
import {
  crossValidatedSpam, featurizeOffensiveRows, HEAD_OPTIONS, featurizeRows, holdout, idsDigest, OFFENSIVE_CLASSES, probabilityOf, SPAM_CLASSES, SPAM_FOLDS, trainAveraged, trainHead,
  tuneOffensiveThresholds, type OrdinaryRow,
} from './trainer.js';

const started = Date.now();
const log = (msg: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);

const tweets = readLabelled(join(TRAIN_DIR, 'offensive-tweets.csv'));
const davidson = readLabelled(join(TRAIN_DIR, 'offensive-davidson.csv'));
const sentiment = readLabelled(join(TRAIN_DIR, 'sentiment-tweets.csv'));
const spam = readLabelled(join(EVAL_DIR, 'spam-youtube.csv'));
log(`read ${tweets.length} + ${davidson.length} offensive, ${sentiment.length} sentiment, ${spam.length} spam rows`);

// Offensive: one head per source; thresholds tuned on a 1/7 held-out slice of the training rows.
const [tTrain, tHeld] = holdout(tweets, 7);
const [dTrain, dHeld] = holdout(davidson, 7);
// l2 1e-4 (not the default 3e-4) and weights averaged over three SGD orders: better held-out macro-F1 on both
// sets. The tweets head also reads a quarter of the Davidson rows, which keeps it off Davidson's clean rows.
const OFFENSIVE_OPTIONS = { ...HEAD_OPTIONS, l2: 1e-4 };
const withDavidson = (rows: typeof tweets, extra: typeof davidson) => [...rows, ...extra.filter((_, i) => i % 4 === 1)];
const tHead = trainAveraged(featurizeOffensiveRows(withDavidson(tTrain, dTrain)), OFFENSIVE_CLASSES, OFFENSIVE_OPTIONS);
const dHead = trainAveraged(featurizeOffensiveRows(dTrain), OFFENSIVE_CLASSES, OFFENSIVE_OPTIONS);
const heldProbs = (rows: typeof tweets): Array<[number, number, string]> => {
  const f = featurizeOffensiveRows(rows);
  return f.x.map((x, i) => [probabilityOf(tHead, x, 'offensive'), probabilityOf(dHead, x, 'offensive'), f.labels[i]!]);
};
// Ordinary comments of the UMSAB training splits: at most 2.5% of any language may be flagged offensive.
const ordinary: OrdinaryRow[] = readdirSync(TRAIN_DIR).filter((f) => /^sentiment-umsab-\w+\.csv$/.test(f)).flatMap((f) => readLabelled(join(TRAIN_DIR, f)).map((r) => {
  const g = detect(r.text);
  const english = Boolean(g.englishLike) || offensiveWords(r.text, 'en').insults.length > 0;
  const lex = offensiveWords(r.text, g.language);
  const x = english ? featurizeOffensive(r.text) : null;
  return {
    language: f.replace(/^sentiment-umsab-|\.csv$/g, ''), english, mixedHindi: Boolean(g.mixedHindi),
    a: x ? probabilityOf(tHead, x, 'offensive') : 0, b: x ? probabilityOf(dHead, x, 'offensive') : 0,
    fixed: lex.insults.length > 0 || (lex.profanity.length > 0 && lex.targeted) || cues(r.text).has('threat'),
  };
}));
const tuned = tuneOffensiveThresholds(heldProbs(tHeld), heldProbs(dHeld), ordinary, 0.025);
log(`offensive thresholds tweets=${tuned.tweets.toFixed(3)} davidson=${tuned.davidson.toFixed(3)} (held-out macro-F1 ${tuned.f1A.toFixed(3)} / ${tuned.f1B.toFixed(3)}; worst UMSAB training flag rate ${(100 * tuned.worstRate).toFixed(1)}%)`);

const offensiveTweets = trainAveraged(featurizeOffensiveRows(withDavidson(tweets, davidson)), OFFENSIVE_CLASSES, OFFENSIVE_OPTIONS);
const offensiveDavidson = trainAveraged(featurizeOffensiveRows(davidson), OFFENSIVE_CLASSES, OFFENSIVE_OPTIONS);
log('offensive heads trained on all training rows');
// Sentiment: an English head (English tweets, with VADER valence features), one head per UMSAB language
// (its own training split; the detected language picks the head) and a multilingual fallback head over
// every row for the other languages. Platt scaling of the chosen class's probability on 1/5 held out.
const valenceRecord = readValence();
const polarityLists = trainingPolarity();
const lexicons = { valence: new Map(Object.entries(valenceRecord)), polarity: { positive: new Set(polarityLists.positive), negative: new Set(polarityLists.negative) } };
const umsab = readdirSync(TRAIN_DIR).filter((f) => /^sentiment-umsab-\w+\.csv$/.test(f)).sort();
const byLanguageRows: Record<string, typeof sentiment> = { en: sentiment };
for (const f of umsab) byLanguageRows[f.replace(/^sentiment-umsab-|\.csv$/g, '')] = readLabelled(join(TRAIN_DIR, f));
const sentimentRows = Object.values(byLanguageRows).flat();
const langOf = new Map(sentimentRows.map((r) => [r.text, detectLanguage(r.text)]));
const lang = (t: string) => langOf.get(t) ?? detectLanguage(t);
// Weights averaged over five SGD orders: held-out macro-recall +0.02 (English) to +0.05 (Arabic) over one.
const SENTIMENT_SEEDS = 5;
const sentimentPairs: Array<[number, boolean]> = [];
const sentimentByLanguage: Record<string, ReturnType<typeof trainHead>> = {};
for (const [code, rows] of Object.entries(byLanguageRows)) {
  const [tr, held] = holdout(rows, 5);
  const probe = trainAveraged(featurizeRows(tr, () => code, lexicons), [...SENTIMENT_CLASSES], HEAD_OPTIONS, SENTIMENT_SEEDS);
  const heldF = featurizeRows(held, () => code, lexicons);
  const right = heldF.x.map((x, i): [number, boolean] => {
    const ps = predictProba(probe, x);
    const k = ps.indexOf(Math.max(...ps));
    return [ps[k]!, SENTIMENT_CLASSES[k] === heldF.labels[i]];
  });
  sentimentPairs.push(...right);
  log(`sentiment ${code}: held-out accuracy ${(right.filter((r) => r[1]).length / right.length).toFixed(3)} (${held.length} rows)`);
  sentimentByLanguage[code] = trainAveraged(featurizeRows(rows, () => code, lexicons), [...SENTIMENT_CLASSES], HEAD_OPTIONS, SENTIMENT_SEEDS);
}
const sentimentHead = trainAveraged(featurizeRows(sentimentRows, lang, lexicons), [...SENTIMENT_CLASSES]);
const sentimentOffsets: Record<string, number[]> = {};
log(`sentiment heads trained: ${Object.keys(sentimentByLanguage).join(', ')} + multilingual on ${sentimentRows.length} rows`);

const spamThreshold = 0.5;
const spamOof = crossValidatedSpam(spam, spamThreshold, SPAM_FOLDS, lexicons);
const cv = scores(confusion(SPAM_CLASSES, spam.map((r) => r.label), spamOof.map((p) => p.predicted)));
log(`spam ${SPAM_FOLDS}-fold CV accuracy ${cv.accuracy.toFixed(4)} macro-F1 ${cv.macroF1.toFixed(4)}`);
const spamHead = trainHead(featurizeRows(spam, detectLanguage, lexicons), SPAM_CLASSES);
log('spam head trained on all spam rows (shipped)');

// Calibration (Platt) of each head's stated probability, on held-out training rows (out-of-fold for spam).
const offensivePairs = [...tHeld, ...dHeld].map((r): [number, boolean] => {
  const [a, b] = [probabilityOf(tHead, featurizeOffensive(r.text), 'offensive'), probabilityOf(dHead, featurizeOffensive(r.text), 'offensive')];
  const score = Math.max(rescale(a, tuned.tweets), rescale(b, tuned.davidson));
  return [score, r.label === 'offensive'];
});
const calibration = {
  spam: fitPlatt(spamOof.map((p, i) => [p.p, spam[i]!.label === 'spam'])),
  offensive: fitPlatt(offensivePairs),
  sentiment: fitPlatt(sentimentPairs),
};
log(`calibration ${JSON.stringify(calibration)}`);

const heads = {
  spam: pack(spamHead), offensiveTweets: pack(offensiveTweets), offensiveDavidson: pack(offensiveDavidson), sentiment: pack(sentimentHead),
  sentimentByLanguage: Object.fromEntries(Object.entries(sentimentByLanguage).map(([l, m]) => [l, pack(m)])),
};
const model: ModelFile = {
  version: '',
  featureBits: FEATURE_BITS,
  heads,
  thresholds: { spam: spamThreshold, offensiveTweets: tuned.tweets, offensiveDavidson: tuned.davidson },
  sentimentOffsets,
  valence: valenceRecord,
  polarity: polarityLists,
  calibration,
  training: {
    spam: { files: ['eval/spam-youtube.csv'], rows: spam.length, idsDigest: idsDigest(spam), note: `no spam training file exists: shipped head trained on all rows; reported figure is ${SPAM_FOLDS}-fold CV` },
    offensiveTweets: { files: ['train/offensive-tweets.csv', 'train/offensive-davidson.csv (every 4th row)'], rows: withDavidson(tweets, davidson).length },
    offensiveDavidson: { files: ['train/offensive-davidson.csv'], rows: davidson.length },
    sentiment: { files: ['train/sentiment-tweets.csv', ...umsab.map((f) => `train/${f}`)], rows: sentimentRows.length, note: 'per-language heads (en = sentiment-tweets) with VADER valence features (data/valence-en.tsv) and a multilingual fallback' },
  },
};
const { createHash } = await import('node:crypto');
model.version = `embedded-lr-2.1+${createHash('sha256').update(JSON.stringify(heads)).digest('hex').slice(0, 8)}`;
const json = JSON.stringify(model);
writeFileSync(MODEL_PATH, json + '\n');
log(`wrote ${MODEL_PATH} (${(json.length / 1e6).toFixed(2)} MB), version ${model.version}`);
