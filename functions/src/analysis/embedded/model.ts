/** The shipped model's shape and its classifier: spam, offensiveness (two heads) and sentiment. */
import { featurize, type SparseVector } from './features.js';
import { featurizeOffensive } from './offensive-features.js';
import { cues, isScam } from './rules.js';
import { predictProba, unpack, type LinearModel, type PackedLinear } from './linear.js';

export const SENTIMENT_CLASSES = ['negative', 'neutral', 'positive'] as const;

export interface ModelFile {
  version: string;
  featureBits: number;
  heads: { spam: PackedLinear; offensiveTweets: PackedLinear; offensiveDavidson: PackedLinear; sentiment: PackedLinear };
  thresholds: { spam: number; offensiveTweets: number; offensiveDavidson: number };
  /** What each head was trained on; the spam head is trained on the spam evaluation file (see eval output). */
  training: Record<string, { files: string[]; rows: number; note?: string; idsDigest?: string }>;
}

export interface Heads {
  spam: LinearModel;
  offensiveTweets: LinearModel;
  offensiveDavidson: LinearModel;
  sentiment: LinearModel;
}

export interface Classification {
  pSpam: number;
  isSpam: boolean;
  /** Probability-like offensiveness score: the larger head probability relative to its threshold. */
  pOffensive: number;
  isOffensive: boolean;
  sentiment: (typeof SENTIMENT_CLASSES)[number];
  pSentiment: number;
}

export class Classifier {
  constructor(readonly heads: Heads, readonly thresholds: ModelFile['thresholds']) {}

  static fromFile(file: ModelFile): Classifier {
    const dim = 1 << file.featureBits;
    const h = file.heads;
    return new Classifier(
      { spam: unpack(h.spam, dim), offensiveTweets: unpack(h.offensiveTweets, dim), offensiveDavidson: unpack(h.offensiveDavidson, dim), sentiment: unpack(h.sentiment, dim) },
      file.thresholds,
    );
  }

  spamProbability(x: SparseVector): number {
    return predictProba(this.heads.spam, x)[this.heads.spam.classes.indexOf('spam')]!;
  }

  classify(text: string): Classification {
    const x = featurize(text);
    const t = this.thresholds;
    const pSpam = this.spamProbability(x);
    // Both offensive heads read the offensive feature set (lexicon, leetspeak, hashtags); spam and sentiment read `x`.
    const xo = featurizeOffensive(text);
    const off = (m: LinearModel) => predictProba(m, xo)[m.classes.indexOf('offensive')]!;
    const a = off(this.heads.offensiveTweets);
    const b = off(this.heads.offensiveDavidson);
    const found = cues(text);
    const isOffensive = a >= t.offensiveTweets || b >= t.offensiveDavidson || found.has('directThreat');
    // Map each head onto a shared scale where 0.5 is its threshold, then take the stronger one.
    const rescale = (p: number, th: number) => (p < th ? (0.5 * p) / th : 0.5 + (0.5 * (p - th)) / (1 - th));
    const pOffensive = found.has('directThreat') ? Math.max(0.95, a, b) : Math.max(rescale(a, t.offensiveTweets), rescale(b, t.offensiveDavidson));
    const ps = predictProba(this.heads.sentiment, x);
    const k = ps.indexOf(Math.max(...ps));
    return {
      pSpam: isScam(found) ? Math.max(pSpam, 0.9) : pSpam,
      isSpam: pSpam >= t.spam || isScam(found),
      pOffensive,
      isOffensive,
      sentiment: this.heads.sentiment.classes[k] as Classification['sentiment'],
      pSentiment: ps[k]!,
    };
  }
}
