/**
 * The shipped model's shape and its classifier: spam, offensiveness (two English heads), sentiment (an
 * English head with valence features, one head per language with training rows, a multilingual fallback)
 * and the intent of a business comment (intent.ts).
 */
import { featurize, type Polarity, type SparseVector } from './features.js';
import { concat, sentimentVectors, unpackWordVectors, type PackedWordVectors, type WordVectors } from './embedding.js';
import { featurizeOffensive } from './offensive-features.js';
import { predictProba, unpack, type LinearModel, type PackedLinear } from './linear.js';
import { offensiveWords } from './offensive-lexicon.js';
import { isScam, SPAM_CUES } from './rules.js';
import { INTENT_CLASSES, REMOVAL_INTENTS, REMOVAL_SUPPORT, type Intent, type RemovalIntent } from './intent.js';

export const SENTIMENT_CLASSES = ['negative', 'neutral', 'positive'] as const;
export type Sentiment = (typeof SENTIMENT_CLASSES)[number];

/** Platt scaling of a head's probability: p' = sigmoid(a * logit(p) + b), fitted on held-out training rows. */
export type Platt = [number, number];

export interface ModelFile {
  version: string;
  featureBits: number;
  heads: {
    spam: PackedLinear; offensiveTweets: PackedLinear; offensiveDavidson: PackedLinear; sentiment: PackedLinear; sentimentByLanguage?: Record<string, PackedLinear>;
    /** Second English sentiment head over the offensive features (another view of the same words), mixed with the English head. */
    sentimentEnglishView?: PackedLinear;
    /** What a business comment is (intent.ts), over the general features. */
    intent?: PackedLinear;
    /** Whether to remove a business comment and as what (intent.ts REMOVAL_CLASSES), over the general features. */
    removal?: PackedLinear;
  };
  /** Probability of each removal intent above which the intent head alone removes a comment (train-intent.ts). */
  intentThresholds?: Record<RemovalIntent, number>;
  /** Probability of each removal above which the removal head alone removes a comment (train-removal.ts). */
  removalThresholds?: Record<RemovalIntent, number>;
  /** The removal head's threat threshold of each language with ordinary comments to cap on (train-removal.ts); other languages read `removalThresholds`. */
  removalThreatByLanguage?: Record<string, number>;
  /** Weight of `sentimentEnglishView`'s log-probabilities in the English mix (0 or absent: English head alone). */
  sentimentEnglishViewWeight?: number;
  /** English word vectors (embedding.ts) read by the two English sentiment heads. */
  wordVectors?: PackedWordVectors;
  /** English valence lexicon (token → VADER valence) read by the sentiment features. */
  valence?: Record<string, number>;
  /** Multilingual positive and negative words (lexicon features). */
  polarity?: { positive: string[]; negative: string[] };
  thresholds: { spam: number; offensiveTweets: number; offensiveDavidson: number };
  /** Per-language class-bias offsets of the sentiment head (macro-recall on held-out training rows). */
  sentimentOffsets: Record<string, number[]>;
  calibration: { spam: Platt; offensive: Platt; sentiment: Platt; intent?: Platt };
  /** What each head was trained on; the spam head is trained on the spam evaluation file (see eval output). */
  training: Record<string, { files: string[]; rows: number; note?: string; idsDigest?: string }>;
}

export interface Heads { spam: LinearModel; offensiveTweets: LinearModel; offensiveDavidson: LinearModel; sentiment: LinearModel; sentimentByLanguage: Record<string, LinearModel>; sentimentEnglishView?: LinearModel; intent?: LinearModel; removal?: LinearModel }

export interface Classification {
  pSpam: number;
  isSpam: boolean;
  /** Calibrated probability that the text is offensive. */
  pOffensive: number;
  isOffensive: boolean;
  /** Offensive words found by the language's lexicon (reasons). */
  offensiveWords: string[];
  /** The insults and slurs among them (the rest is profanity), and whether any of them is aimed at someone. */
  insults: string[];
  aimed: boolean;
  sentiment: Sentiment;
  pSentiment: number;
  /**
   * The intent head's reading, when the model has one: each intent's calibrated probability, the most likely
   * intent, and the removal the business heads pass on their own word (else null): the removal head's most
   * likely class above its threshold when the intent head finds it plausible (REMOVAL_SUPPORT), else the
   * intent head's most likely intent when it is a removal above its threshold; `pRemoves` is that head's
   * probability of it.
   */
  intent?: { p: Record<Intent, number>; top: Intent; removes: RemovalIntent | null; pRemoves?: number };
}

const logit = (p: number) => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));
export const platt = ([a, b]: Platt, p: number) => 1 / (1 + Math.exp(-(a * logit(p) + b)));
/** Maps a head's probability onto a scale where its threshold is 0.5. */
export const rescale = (p: number, th: number) => (p < th ? (0.5 * p) / th : 0.5 + (0.5 * (p - th)) / (1 - th));

/** Probabilities whose logs are the weighted mean of two heads' log-probabilities (renormalised). */
export function mixLog(a: number[], b: number[], w: number): number[] {
  const z = a.map((p, k) => Math.exp((1 - w) * Math.log(p + 1e-12) + w * Math.log(b[k]! + 1e-12)));
  const s = z.reduce((t, v) => t + v, 0);
  return z.map((v) => v / s);
}

/** The removal a head's most likely class is, when its probability reaches that removal's threshold. */
function passes(head: LinearModel | undefined, x: SparseVector, thresholds: Record<RemovalIntent, number> | undefined): { removes: RemovalIntent; pRemoves: number } | null {
  if (!head || !thresholds) return null;
  const ps = predictProba(head, x);
  const k = ps.indexOf(Math.max(...ps));
  const removal = REMOVAL_INTENTS.find((r) => r === head.classes[k]);
  return removal && ps[k]! >= thresholds[removal] ? { removes: removal, pRemoves: ps[k]! } : null;
}

export class Classifier {
  readonly valence: ReadonlyMap<string, number>;
  readonly polarity: Polarity;
  readonly vectors: WordVectors | undefined;
  /** The removal thresholds of each language with its own threat threshold, built once. */
  private readonly removalByLanguage: ReadonlyMap<string, Record<RemovalIntent, number>>;
  constructor(readonly heads: Heads, readonly file: Omit<ModelFile, 'heads'>) {
    this.vectors = file.wordVectors ? unpackWordVectors(file.wordVectors) : undefined;
    const shared = file.removalThresholds;
    this.removalByLanguage = new Map(shared ? Object.entries(file.removalThreatByLanguage ?? {}).map(([l, threat]) => [l, { ...shared, threat }]) : []);
    this.valence = new Map(Object.entries(file.valence ?? {}));
    this.polarity = { positive: new Set(file.polarity?.positive), negative: new Set(file.polarity?.negative) };
  }

  static fromFile(file: ModelFile): Classifier {
    const dim = 1 << file.featureBits;
    const h = file.heads;
    const byLanguage = Object.fromEntries(Object.entries(h.sentimentByLanguage ?? {}).map(([l, p]) => [l, unpack(p, dim)]));
    return new Classifier(
      {
        spam: unpack(h.spam, dim), offensiveTweets: unpack(h.offensiveTweets, dim), offensiveDavidson: unpack(h.offensiveDavidson, dim), sentiment: unpack(h.sentiment, dim), sentimentByLanguage: byLanguage,
        ...(h.sentimentEnglishView ? { sentimentEnglishView: unpack(h.sentimentEnglishView, dim) } : {}),
        ...(h.intent ? { intent: unpack(h.intent, dim) } : {}),
        ...(h.removal ? { removal: unpack(h.removal, dim) } : {}),
      },
      file,
    );
  }

  /** The sentiment head for a language: its own head when it has one, else the multilingual head. */
  sentimentHead(language: string): LinearModel {
    return this.heads.sentimentByLanguage[language] ?? this.heads.sentimentByLanguage[language === 'und' ? 'en' : ''] ?? this.heads.sentiment;
  }

  spamProbability(x: SparseVector): number {
    return predictProba(this.heads.spam, x)[this.heads.spam.classes.indexOf('spam')]!;
  }

  /** Raw offensive score of the English heads on the shared 0.5-threshold scale. */
  englishOffensive(text: string, xo: SparseVector = featurizeOffensive(text)): number {
    const t = this.file.thresholds;
    const off = (m: LinearModel) => predictProba(m, xo)[m.classes.indexOf('offensive')]!;
    return Math.max(rescale(off(this.heads.offensiveTweets), t.offensiveTweets), rescale(off(this.heads.offensiveDavidson), t.offensiveDavidson));
  }

  /**
   * `offensiveX` gives the text's offensive features, which the English mix reads (without it: the English head alone);
   * `text` adds its mean word vector to both English heads' features (without it: none).
   */
  sentimentOf(x: SparseVector, language: string, offensiveX?: () => SparseVector, text?: string): { sentiment: Sentiment; p: number } {
    const head = this.sentimentHead(language);
    const english = head === this.heads.sentimentByLanguage['en'];
    const view = english ? this.heads.sentimentEnglishView : undefined;
    const w = this.file.sentimentEnglishViewWeight ?? 0;
    const xo = view && w ? offensiveX?.() : undefined;
    const e = english && text !== undefined ? sentimentVectors(text, this.vectors) : undefined;
    const ps = view && xo
      ? mixLog(predictProba(head, e ? concat(x, e) : x), predictProba(view, e ? concat(xo, e) : xo), w)
      : predictProba(head, e ? concat(x, e) : x);
    // Offsets belong to the head: text of no language ('und') reads the English head, so its offsets too.
    const off = this.file.sentimentOffsets[english ? 'en' : language] ?? [0, 0, 0];
    let k = 0;
    for (let j = 1; j < ps.length; j++) if (Math.log(ps[j]!) + off[j]! > Math.log(ps[k]!) + off[k]!) k = j;
    return { sentiment: head.classes[k] as Sentiment, p: platt(this.file.calibration.sentiment, ps[k]!) };
  }

  /** `language` chooses the removal head's threat threshold (its own when it has one). */
  intentOf(x: SparseVector, language?: string): Classification['intent'] {
    const raw = predictProba(this.heads.intent!, x);
    const cal = this.file.calibration.intent;
    const p = Object.fromEntries(INTENT_CLASSES.map((k, i) => [k, cal ? platt(cal, raw[i]!) : raw[i]!])) as Record<Intent, number>;
    const k = raw.indexOf(Math.max(...raw));
    const top = INTENT_CLASSES[k]!;
    const byRemoval = passes(this.heads.removal, x, (language !== undefined && this.removalByLanguage.get(language)) || this.file.removalThresholds);
    if (byRemoval && p[byRemoval.removes] >= REMOVAL_SUPPORT) return { p, top, ...byRemoval };
    const own = REMOVAL_INTENTS.find((r) => r === top);
    const t = this.file.intentThresholds;
    return own && t && raw[k]! >= t[own] ? { p, top, removes: own, pRemoves: p[own] } : { p, top, removes: null };
  }

  /**
   * `language` gates the offensive lexicons and heads: English heads only read English-like text
   * (`englishLike`: English, or Latin text with nothing of the detected language but the n-gram guess).
   */
  classify(text: string, language: string, found: Set<string>, englishLike = language === 'en', mixedHindi = false): Classification {
    const x = featurize(text, language, { cues: found, valence: this.valence, polarity: this.polarity });
    let xo: SparseVector | undefined;
    const offensiveX = () => (xo ??= featurizeOffensive(text));
    const rawSpam = this.spamProbability(x);
    const scam = isScam(found);
    const spamCue = SPAM_CUES.some((c) => found.has(c));
    // The spam head learnt English YouTube comments: elsewhere it needs a spam cue to count.
    const isSpam = scam || (rawSpam >= this.file.thresholds.spam && (language === 'en' || spamCue));
    const pSpam = scam ? Math.max(0.97, rawSpam) : platt(this.file.calibration.spam, isSpam ? rawSpam : Math.min(rawSpam, 0.49));
    let score = 0;
    const lex = offensiveWords(text, language);
    // English heads read English-like text, and other text only when it carries English insults ("die", "ho" never count).
    if (englishLike || offensiveWords(text, 'en').insults.length) {
      score = this.englishOffensive(text, offensiveX());
      // Code-mixed Hindi: the English heads learnt "ho" as an insult, so only a clear score counts there.
      if (mixedHindi && score < 0.75) score = Math.min(score, 0.45);
    } else if (lex.insults.length) score = 0.9;
    else if (lex.profanity.length && lex.targeted) score = 0.8;
    if (found.has('threat')) score = Math.max(score, 0.95);
    const isOffensive = score >= 0.5;
    const { sentiment, p } = this.sentimentOf(x, language, offensiveX, text);
    return {
      pSpam, isSpam, pOffensive: score > 0 && score < 0.95 && !lex.insults.length ? platt(this.file.calibration.offensive, score) : score, isOffensive,
      offensiveWords: [...lex.insults, ...lex.profanity], insults: lex.insults, aimed: lex.targeted, sentiment, pSentiment: p,
      ...(this.heads.intent ? { intent: this.intentOf(x, language) } : {}),
    };
  }
}
