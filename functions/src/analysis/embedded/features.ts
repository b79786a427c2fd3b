/** Hashed sparse features: word uni/bigrams, in-word character 2-5-grams, lexicon and rule cues. */
import { NEGATIVE_EMOJI, NEGATORS, POSITIVE_EMOJI } from './lexicon.js';
import { cues } from './rules.js';
import { normalise, words } from './text.js';
import { valenceFeatures, type Valence } from './valence.js';

export const FEATURE_BITS = 18;
export const DIM = 1 << FEATURE_BITS;

export interface SparseVector {
  idx: Int32Array;
  val: Float32Array;
}

/** 32-bit FNV-1a hash of a string, folded into the feature space. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & (DIM - 1);
}

/**
 * Hashes of every character n-gram (n = 2..maxN) of `s`, each prefixed with `prefix`, without building the
 * strings: FNV-1a runs on from the prefix's state (the same value as hash(prefix + gram)).
 */
export function charGramHashes(prefix: string, s: string, mask: number, emit: (h: number) => void, maxN = 5): void {
  let h0 = 0x811c9dc5;
  for (let i = 0; i < prefix.length; i++) h0 = Math.imul(h0 ^ prefix.charCodeAt(i), 0x01000193);
  for (let i = 0; i + 2 <= s.length; i++) {
    let h = h0;
    for (let j = i; j < i + maxN && j < s.length; j++) {
      h = Math.imul(h ^ s.charCodeAt(j), 0x01000193);
      if (j > i) emit((h >>> 0) & mask);
    }
  }
}

class Builder {
  private readonly acc = new Map<number, number>();
  add(name: string, v = 1): void {
    this.addHashed(hash(name), v);
  }
  addHashed(h: number, v: number): void {
    this.acc.set(h, (this.acc.get(h) ?? 0) + v);
  }
  /** Like `group` for features already hashed (counts per hash). */
  hashedGroup(counts: Map<number, number>, weight: number): void {
    if (!counts.size) return;
    let norm = 0;
    for (const c of counts.values()) norm += c * c;
    const k = weight / Math.sqrt(norm);
    for (const [h, c] of counts) this.addHashed(h, c * k);
  }
  /** Adds a group of features scaled to unit L2 norm times `weight`. */
  group(names: string[], weight: number): void {
    if (!names.length) return;
    const counts = new Map<string, number>();
    for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
    let norm = 0;
    for (const c of counts.values()) norm += c * c;
    const k = weight / Math.sqrt(norm);
    for (const [n, c] of counts) this.add(n, c * k);
  }
  build(): SparseVector {
    const keys = [...this.acc.keys()].sort((a, b) => a - b);
    return { idx: Int32Array.from(keys), val: Float32Array.from(keys.map((k) => this.acc.get(k)!)) };
  }
}

/** Already-computed cues of the comment (saves a second pass) and the valence lexicon of the model. */
export interface FeaturizeOptions { cues?: ReadonlySet<string>; valence?: Valence; polarity?: Polarity }

/** Multilingual positive and negative words of the model (model.json; see train-lexicon.ts). */
export interface Polarity { positive: ReadonlySet<string>; negative: ReadonlySet<string> }

/** Turns a raw comment into its sparse feature vector (deterministic); `language` adds language-specific copies of the words. */
export function featurize(raw: string, language = '', options: FeaturizeOptions = {}): SparseVector {
  const norm = normalise(raw);
  const toks = words(norm);
  const b = new Builder();
  const wordFeats: string[] = [];
  const lexFeats: string[] = [];
  let negate = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    wordFeats.push('w:' + t);
    if (language) wordFeats.push(`l:${language}:${t}`);
    if (i > 0) wordFeats.push('b:' + toks[i - 1] + ' ' + t);
    const bare = t.replace(/^#/, '');
    if (options.polarity?.positive.has(bare)) lexFeats.push(negate > 0 ? 'lex:neg' : 'lex:pos');
    if (options.polarity?.negative.has(bare)) lexFeats.push(negate > 0 ? 'lex:negneg' : 'lex:neg');
    if (negate > 0) { wordFeats.push('n:' + t); negate--; }
    if (NEGATORS.has(bare) || bare.endsWith("n't")) negate = 3;
    if (t === '!' || t === '?') negate = 0;
  }
  b.group(wordFeats, 1);
  const charCounts = new Map<number, number>();
  const count = (h: number) => charCounts.set(h, (charCounts.get(h) ?? 0) + 1);
  for (const t of toks) charGramHashes('c:', ' ' + t.slice(0, 24) + ' ', DIM - 1, count);
  b.hashedGroup(charCounts, 1);
  if (POSITIVE_EMOJI.test(raw)) lexFeats.push('emo:pos');
  if (NEGATIVE_EMOJI.test(raw)) lexFeats.push('emo:neg');
  b.group(lexFeats, 1.5);
  for (const c of options.cues ?? cues(raw)) b.add('cue:' + c, 0.5);
  for (const [name, v] of valenceFeatures(raw, options.valence)) b.add(name, v);
  b.add('len:' + Math.min(6, Math.floor(Math.log2(1 + toks.length))), 0.3);
  if (language) b.add('lang:' + language, 0.3);
  b.add('bias', 0.1);
  return b.build();
}
