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
import { concat, sentimentVectors, unpackWordVectors } from './embedding.js';
import { readWordVectors } from './train-vectors.js';
import { normalise, words } from './text.js';
import { confusion } from './metrics.js';
import { mixLog, rescale, SENTIMENT_CLASSES, type ModelFile } from './model.js';
import { scores } from './metrics.js';
import { EVAL_DIR, MODEL_PATH, TRAIN_DIR } from './paths.js';
import { withBusinessHeads } from './train-business.js';
import {
  crossValidatedSpam, featurizeOffensiveRows, HEAD_OPTIONS, featurizeRows, holdout, idsDigest, OFFENSIVE_CLASSES, probabilityOf, SPAM_CLASSES, SPAM_FOLDS, trainAveraged, trainHead, trainNbAveraged,
  outOfFoldRecall, textKey, tuneOffensiveThresholds, tuneOffsetsOnLogits, withoutTexts, type OrdinaryRow,
} from './trainer.js';

const started = Date.now();
const log = (msg: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);

// Train/eval separation by text: every training row whose text (hashed, case and spacing ignored) is in an
// eval file is left out (the spam head, which has no training file, excepted).
const evalKeys = new Set(readdirSync(EVAL_DIR).filter((f) => f.endsWith('.csv')).flatMap((f) => readLabelled(join(EVAL_DIR, f)).map((r) => textKey(r.text))));
let leftOut = 0;
const readTraining = (file: string) => {
  const rows = readLabelled(join(TRAIN_DIR, file));
  const kept = withoutTexts(rows, evalKeys);
  leftOut += rows.length - kept.length;
  return kept;
};
const tweets = readTraining('offensive-tweets.csv');
const davidson = readTraining('offensive-davidson.csv');
const sentiment = readTraining('sentiment-tweets.csv');
const spam = readLabelled(join(EVAL_DIR, 'spam-youtube.csv'));
log(`read ${tweets.length} + ${davidson.length} offensive, ${sentiment.length} sentiment, ${spam.length} spam rows; train/eval separation: ${leftOut} training rows left out (their text is in an eval file)`);

// English word vectors (embedding.ts) for the English sentiment head: the 20,000 most frequent GloVe words plus the
// words of the English sentiment training rows, int8 in model.json. The offensive heads do not read them:
// with the vectors (norm 1), the tweets head's out-of-fold OLID macro-F1 on 3 of 7 folds moved 0.750 -> 0.754 at
// threshold 0.5, but the held-out fold at the thresholds tuned under the flag-rate cap stayed where it was (0.735 -> 0.736).
const VECTOR_TOP_WORDS = 20000;
const vocabulary = new Set<string>();
for (const r of sentiment) for (const t of words(normalise(r.text))) vocabulary.add(t.replace(/^#/, '').replace(/’/g, "'"));
const wordVectors = readWordVectors(vocabulary, VECTOR_TOP_WORDS);
const vectors = unpackWordVectors(wordVectors);
log(`word vectors: ${wordVectors.source}`);

// Offensive: one head per source; thresholds tuned on a 1/7 held-out slice of the training rows.
const [tTrain, tHeld] = holdout(tweets, 7);
const [dTrain, dHeld] = holdout(davidson, 7);
// l2 1e-4 (not the default 3e-4), features scaled by their naive-Bayes importance (trainer.ts nbImportance:
// held-out OLID macro-F1 0.745 → 0.757 at the same UMSAB flag-rate cap) and weights averaged over five SGD
// orders. The tweets head also reads a quarter of the Davidson rows, which keeps it off Davidson's clean rows.
const EN_SENTIMENT_L2 = 3e-4;
const OFFENSIVE_OPTIONS = { ...HEAD_OPTIONS, l2: 1e-4 };
const withDavidson = (rows: typeof tweets, extra: typeof davidson) => [...rows, ...extra.filter((_, i) => i % 4 === 1)];
const offensiveHead = (rows: typeof tweets) => trainNbAveraged(featurizeOffensiveRows(rows), OFFENSIVE_CLASSES, OFFENSIVE_OPTIONS, 5);
const tHead = offensiveHead(withDavidson(tTrain, dTrain));
const dHead = offensiveHead(dTrain);
const heldProbs = (rows: typeof tweets): Array<[number, number, string]> => {
  const f = featurizeOffensiveRows(rows);
  return f.x.map((x, i) => [probabilityOf(tHead, x, 'offensive'), probabilityOf(dHead, x, 'offensive'), f.labels[i]!]);
};
// Ordinary comments of the UMSAB training splits: at most 2.5% of any language may be flagged offensive.
const ordinary: OrdinaryRow[] = readdirSync(TRAIN_DIR).filter((f) => /^sentiment-umsab-\w+\.csv$/.test(f)).flatMap((f) => readTraining(f).map((r) => {
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
// The tweets score is maximised among the pairs keeping Davidson's held-out macro-F1 at 0.90 or more (its floor is 0.87).
const tuned = tuneOffensiveThresholds(heldProbs(tHeld), heldProbs(dHeld), ordinary, 0.025, 0.9);
log(`offensive thresholds tweets=${tuned.tweets.toFixed(3)} davidson=${tuned.davidson.toFixed(3)} (held-out macro-F1 ${tuned.f1A.toFixed(3)} / ${tuned.f1B.toFixed(3)}; worst UMSAB training flag rate ${(100 * tuned.worstRate).toFixed(1)}%)`);

const offensiveTweets = offensiveHead(withDavidson(tweets, davidson));
const offensiveDavidson = offensiveHead(davidson);
log('offensive heads trained on all training rows');
// Sentiment: an English head (English tweets, with VADER valence features), one head per UMSAB language
// (its own training split; the detected language picks the head) and a multilingual fallback head over
// every row for the other languages. Platt scaling of the chosen class's probability on 1/5 held out.
const valenceRecord = readValence();
const polarityLists = trainingPolarity();
const lexicons = { valence: new Map(Object.entries(valenceRecord)), polarity: { positive: new Set(polarityLists.positive), negative: new Set(polarityLists.negative) } };
const umsab = readdirSync(TRAIN_DIR).filter((f) => /^sentiment-umsab-\w+\.csv$/.test(f)).sort();
const byLanguageRows: Record<string, typeof sentiment> = { en: sentiment };
leftOut = 0;
for (const f of umsab) byLanguageRows[f.replace(/^sentiment-umsab-|\.csv$/g, '')] = readTraining(f);
log(`train/eval separation: ${leftOut} UMSAB training rows left out (their text is in an eval file)`);
const sentimentRows = Object.values(byLanguageRows).flat();
const langOf = new Map(sentimentRows.map((r) => [r.text, detectLanguage(r.text)]));
const lang = (t: string) => langOf.get(t) ?? detectLanguage(t);
// Weights averaged over five SGD orders: held-out macro-recall +0.02 (English) to +0.05 (Arabic) over one.
const SENTIMENT_SEEDS = 5;
// English: l2 3e-4 (without word vectors 1e-4 did better, 0.669 → 0.672; with them, out-of-fold macro-recall with
// offsets tuned on the other half, 3 SGD orders per fold, view weight 0.4: 0.689 at 1e-4, 0.694 at 2e-4, 0.697 at
// 3e-4 (0.698 at view weight 0.5); 30 epochs at 1e-4: 0.690), 20 epochs
// (out-of-fold macro-recall with offsets tuned on the other half of the rows 0.673 → 0.677 over 10; the offsets
// alone are saturated: the best offsets on all out-of-fold rows reach 0.676 with 10 epochs) and class-bias offsets
// for macro-recall tuned on out-of-fold predictions (below). The UMSAB heads get no offsets: tuned on half their
// out-of-fold rows, macro-F1 on the other half moved -0.013 to +0.003 by language.
const EN_SENTIMENT_EPOCHS = 20;
const sentimentOptions = (code: string) => (code === 'en' ? { ...HEAD_OPTIONS, l2: EN_SENTIMENT_L2, epochs: EN_SENTIMENT_EPOCHS } : HEAD_OPTIONS);
const OFFSET_FOLDS = 5;
const sentimentPairs: Array<[number, boolean]> = [];
const sentimentByLanguage: Record<string, ReturnType<typeof trainHead>> = {};
const sentimentOffsets: Record<string, number[]> = {};
// English also has a second head over the offensive features (another view of the same words), whose
// log-probabilities are mixed in with weight 0.5 (out-of-fold macro-recall +0.004 on the test-split tweets at 0.4
// before the word vectors; with them, 0.5 gave 0.694 against 0.692 at 0.4, the head alone 0.682). Both English
// heads read the comment's mean word vector after their own features.
const EN_VIEW_WEIGHT = 0.5;
const englishVectors = sentiment.map((r) => sentimentVectors(r.text, vectors));
const englishView = featurizeOffensiveRows(sentiment);
englishView.x = englishView.x.map((x, i) => concat(x, englishVectors[i]!));
let sentimentEnglishView: ReturnType<typeof trainHead> | undefined;
for (const [code, rows] of Object.entries(byLanguageRows)) {
  const all = featurizeRows(rows, () => code, lexicons);
  if (code === 'en') all.x = all.x.map((x, i) => concat(x, englishVectors[i]!));
  const oof: number[][] = [];
  const oofLabels: string[] = [];
  const english = code === 'en';
  const fit = (idx: number[], seeds: number) => {
    const head = trainAveraged({ x: idx.map((i) => all.x[i]!), labels: idx.map((i) => all.labels[i]!) }, [...SENTIMENT_CLASSES], sentimentOptions(code), seeds);
    const view = english ? trainAveraged({ x: idx.map((i) => englishView.x[i]!), labels: idx.map((i) => all.labels[i]!) }, [...SENTIMENT_CLASSES], sentimentOptions(code), seeds) : undefined;
    return { head, view, proba: (i: number) => (view ? mixLog(predictProba(head, all.x[i]!), predictProba(view, englishView.x[i]!), EN_VIEW_WEIGHT) : predictProba(head, all.x[i]!)) };
  };
  // Fold 0 (every 5th row held out) gives the calibration pairs; English runs all five folds for its offsets,
  // tuned on the rows of TweetEval's test split (ids without '-val-': the split whose other rows are measured).
  for (let f = 0; f < (english ? OFFSET_FOLDS : 1); f++) {
    const tr = rows.map((_, i) => i).filter((i) => i % OFFSET_FOLDS !== f);
    const heldIdx = rows.map((_, i) => i).filter((i) => i % OFFSET_FOLDS === f);
    const probe = fit(tr, f === 0 ? SENTIMENT_SEEDS : 3);
    for (const i of heldIdx) {
      if (rows[i]!.id.includes('-val-')) continue;
      oof.push(probe.proba(i).map((p) => Math.log(p + 1e-12)));
      oofLabels.push(all.labels[i]!);
    }
    if (f > 0) continue;
    const right = heldIdx.map((i): [number, boolean] => {
      const ps = probe.proba(i);
      const k = ps.indexOf(Math.max(...ps));
      return [ps[k]!, SENTIMENT_CLASSES[k] === all.labels[i]];
    });
    sentimentPairs.push(...right);
    log(`sentiment ${code}: held-out accuracy ${(right.filter((r) => r[1]).length / right.length).toFixed(3)} (${heldIdx.length} rows)`);
  }
  if (code === 'en') {
    sentimentOffsets[code] = tuneOffsetsOnLogits([...SENTIMENT_CLASSES], oof, oofLabels);
    const r = outOfFoldRecall([...SENTIMENT_CLASSES], oof, oofLabels);
    log(`sentiment en: class-bias offsets ${JSON.stringify(sentimentOffsets[code])} (out-of-fold, ${oof.length} rows); out-of-fold macro-recall ${r.raw.toFixed(4)} without offsets, ${r.withOffsets.toFixed(4)} with offsets tuned on the other half`);
  }
  // The shipped English heads average ten SGD orders (less SGD noise where most comments are read).
  const final = fit(rows.map((_, i) => i), english ? 2 * SENTIMENT_SEEDS : SENTIMENT_SEEDS);
  sentimentByLanguage[code] = final.head;
  if (final.view) sentimentEnglishView = final.view;
}
const sentimentHead = trainAveraged(featurizeRows(sentimentRows, lang, lexicons), [...SENTIMENT_CLASSES]);
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
  ...(sentimentEnglishView ? { sentimentEnglishView: pack(sentimentEnglishView) } : {}),
};
const model: ModelFile = {
  version: '',
  featureBits: FEATURE_BITS,
  heads,
  thresholds: { spam: spamThreshold, offensiveTweets: tuned.tweets, offensiveDavidson: tuned.davidson },
  sentimentOffsets,
  sentimentEnglishViewWeight: EN_VIEW_WEIGHT,
  wordVectors,
  valence: valenceRecord,
  polarity: polarityLists,
  calibration,
  training: {
    spam: { files: ['eval/spam-youtube.csv'], rows: spam.length, idsDigest: idsDigest(spam), note: `no spam training file exists: shipped head trained on all rows; reported figure is ${SPAM_FOLDS}-fold CV` },
    offensiveTweets: { files: ['train/offensive-tweets.csv', 'train/offensive-davidson.csv (every 4th row)'], rows: withDavidson(tweets, davidson).length },
    offensiveDavidson: { files: ['train/offensive-davidson.csv'], rows: davidson.length },
    sentiment: { files: ['train/sentiment-tweets.csv', ...umsab.map((f) => `train/${f}`)], rows: sentimentRows.length, note: 'per-language heads (en = sentiment-tweets, with a second head over the offensive features mixed in) with VADER valence features (data/valence-en.tsv) and a multilingual fallback' },
  },
};
// The intent and removal heads (what a business comment is; whether to remove it) read the same features and lexicons.
const shipped = withBusinessHeads(model, lexicons, log);
const json = JSON.stringify(shipped);
writeFileSync(MODEL_PATH, json + '\n');
log(`wrote ${MODEL_PATH} (${(json.length / 1e6).toFixed(2)} MB), version ${shipped.version}`);
