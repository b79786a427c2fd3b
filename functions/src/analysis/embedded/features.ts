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

export const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a state `h` run on over `s` (unmasked): fnv(fnv(FNV_OFFSET, 'w:'), t) is the state of 'w:' + t, without building the string. */
export function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** 32-bit FNV-1a hash of a string, folded into the feature space. */
export function hash(s: string): number {
  return (fnv(FNV_OFFSET, s) >>> 0) & (DIM - 1);
}

const slot = (h: number) => (h >>> 0) & (DIM - 1);
const W_PREFIX = fnv(FNV_OFFSET, 'w:');
const B_PREFIX = fnv(FNV_OFFSET, 'b:');
const N_PREFIX = fnv(FNV_OFFSET, 'n:');
const SPACE = ' '.charCodeAt(0);

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

/**
 * Sums of values per hashed feature without a Map: a dense scratch array shared by every vector built in
 * this process (featurisation is synchronous, one vector at a time), with a stamp per slot so nothing is
 * cleared between vectors, and the touched slots listed in first-touch order (no sort: dot products do
 * not need one).
 */
export class HashAccumulator {
  private readonly values = new Float64Array(DIM);
  private readonly stamps = new Int32Array(DIM);
  private readonly touched = new Int32Array(DIM);
  private n = 0;
  private stamp = 1;
  add(h: number, v: number): void {
    if (this.stamps[h] !== this.stamp) { this.stamps[h] = this.stamp; this.values[h] = v; this.touched[this.n++] = h; }
    else this.values[h] = this.values[h]! + v;
  }
  get size(): number { return this.n; }
  /** Slot and value of the i-th touched feature. */
  key(i: number): number { return this.touched[i]!; }
  value(i: number): number { return this.values[this.touched[i]!]!; }
  reset(): void {
    this.n = 0;
    if (++this.stamp === 0x7fffffff) { this.stamps.fill(0); this.stamp = 1; }
  }
  /** The sums as a sparse vector; the accumulator is empty afterwards. */
  take(): SparseVector {
    const idx = this.touched.slice(0, this.n);
    const val = new Float32Array(this.n);
    for (let i = 0; i < this.n; i++) val[i] = this.values[idx[i]!]!;
    this.reset();
    return { idx, val };
  }
}

const acc = new HashAccumulator();
const counts = new HashAccumulator();
/** The two scratch accumulators (a vector's sums, a group's counts), shared with the offensive features. */
export const scratch = { acc, counts };

class Builder {
  constructor() { acc.reset(); }
  add(name: string, v = 1): void {
    acc.add(hash(name), v);
  }
  addHashed(h: number, v: number): void {
    acc.add(h, v);
  }
  /** Like `group` for features already hashed (`counts` holds a count per hash; emptied here). */
  hashedGroup(c: HashAccumulator, weight: number): void {
    if (!c.size) return;
    let norm = 0;
    for (let i = 0; i < c.size; i++) norm += c.value(i) * c.value(i);
    const k = weight / Math.sqrt(norm);
    for (let i = 0; i < c.size; i++) acc.add(c.key(i), c.value(i) * k);
    c.reset();
  }
  /** Adds a group of features scaled to unit L2 norm times `weight` (names hashed once; counted per hash). */
  group(names: string[], weight: number): void {
    if (!names.length) return;
    counts.reset();
    for (const n of names) counts.add(hash(n), 1);
    this.hashedGroup(counts, weight);
  }
  build(): SparseVector {
    return acc.take();
  }
}

/** Already-computed cues of the comment (saves a second pass) and the valence lexicon of the model. */
export interface FeaturizeOptions { cues?: ReadonlySet<string>; valence?: Valence; polarity?: Polarity }

/** Multilingual positive and negative words of the model (model.json; see train-lexicon.ts). */
export interface Polarity { positive: ReadonlySet<string>; negative: ReadonlySet<string> }

const countGram = (h: number) => counts.add(h, 1);

/** Turns a raw comment into its sparse feature vector (deterministic); `language` adds language-specific copies of the words. */
export function featurize(raw: string, language = '', options: FeaturizeOptions = {}): SparseVector {
  const norm = normalise(raw);
  const toks = words(norm);
  const b = new Builder();
  // Word features (w:, l:<language>:, b:, n:) counted by hash as they come (the same hashes as the strings).
  counts.reset();
  const lPrefix = language ? fnv(FNV_OFFSET, `l:${language}:`) : 0;
  const lexFeats: string[] = [];
  let negate = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    counts.add(slot(fnv(W_PREFIX, t)), 1);
    if (language) counts.add(slot(fnv(lPrefix, t)), 1);
    if (i > 0) counts.add(slot(fnv(Math.imul(fnv(B_PREFIX, toks[i - 1]!) ^ SPACE, 0x01000193), t)), 1);
    const bare = t.replace(/^#/, '');
    if (options.polarity?.positive.has(bare)) lexFeats.push(negate > 0 ? 'lex:neg' : 'lex:pos');
    if (options.polarity?.negative.has(bare)) lexFeats.push(negate > 0 ? 'lex:negneg' : 'lex:neg');
    if (negate > 0) { counts.add(slot(fnv(N_PREFIX, t)), 1); negate--; }
    if (NEGATORS.has(bare) || bare.endsWith("n't")) negate = 3;
    if (t === '!' || t === '?') negate = 0;
  }
  b.hashedGroup(counts, 1);
  counts.reset();
  for (const t of toks) charGramHashes('c:', ' ' + t.slice(0, 24) + ' ', DIM - 1, countGram);
  b.hashedGroup(counts, 1);
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
