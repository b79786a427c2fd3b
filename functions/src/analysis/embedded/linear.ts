/** Multinomial logistic regression on sparse vectors: SGD with L2 (scaled-weight trick), prediction, int8 packing. */
import type { SparseVector } from './features.js';

export interface LinearModel {
  classes: string[];
  dim: number;
  /** Row-major weights: weights[feature * K + class] (times `scale` when set: shipped heads stay int8). */
  weights: Float32Array | Int8Array;
  scale?: number;
  bias: Float32Array;
}

export interface TrainOptions {
  epochs: number;
  lr: number;
  l2: number;
  /** Per-class sample weights (e.g. balanced); default 1. */
  classWeights?: number[];
  seed?: number;
}

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function softmax(z: Float64Array | number[]): number[] {
  const K = z.length;
  let m = -Infinity;
  for (let k = 0; k < K; k++) if (z[k]! > m) m = z[k]!;
  const e = new Array<number>(K);
  let s = 0;
  for (let k = 0; k < K; k++) { e[k] = Math.exp(z[k]! - m); s += e[k]!; }
  for (let k = 0; k < K; k++) e[k] = e[k]! / s;
  return e;
}

const zScratch = new Float64Array(16);

export function predictProba(m: LinearModel, x: SparseVector): number[] {
  const K = m.classes.length;
  const w = m.weights;
  const { idx, val } = x;
  const scale = m.scale ?? 1;
  if (K === 2 || K === 3) {
    // The shipped heads have two or three classes: sums in locals, one pass over the features.
    let z0 = 0, z1 = 0, z2 = 0;
    for (let j = 0; j < idx.length; j++) {
      const base = idx[j]! * K;
      const v = val[j]!;
      z0 += w[base]! * v;
      z1 += w[base + 1]! * v;
      if (K === 3) z2 += w[base + 2]! * v;
    }
    zScratch[0] = m.bias[0]! + scale * z0;
    zScratch[1] = m.bias[1]! + scale * z1;
    if (K === 3) zScratch[2] = m.bias[2]! + scale * z2;
    return softmax(zScratch.subarray(0, K));
  }
  const z = new Float64Array(K);
  for (let j = 0; j < idx.length; j++) {
    const base = idx[j]! * K;
    const v = val[j]!;
    for (let k = 0; k < K; k++) z[k] = z[k]! + w[base + k]! * v;
  }
  for (let k = 0; k < K; k++) z[k] = m.bias[k]! + scale * z[k]!;
  return softmax(z);
}

/** Balanced class weights: n / (K * count(class)). */
export function balancedWeights(y: number[], K: number): number[] {
  const counts = new Array<number>(K).fill(0);
  for (const c of y) counts[c]!++;
  return counts.map((c) => (c ? y.length / (K * c) : 0));
}

export function train(X: SparseVector[], y: number[], classes: string[], dim: number, o: TrainOptions): LinearModel {
  const K = classes.length;
  const v = new Float32Array(dim * K);
  const bias = new Float32Array(K);
  const cw = o.classWeights ?? new Array<number>(K).fill(1);
  const rand = rng(o.seed ?? 1);
  const order = X.map((_, i) => i);
  let scale = 1;
  let t = 0;
  const z = new Float64Array(K);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const n of order) {
      const x = X[n]!;
      const lr = o.lr / (1 + o.lr * o.l2 * t++);
      for (let k = 0; k < K; k++) z[k] = bias[k]!;
      for (let j = 0; j < x.idx.length; j++) {
        const base = x.idx[j]! * K;
        for (let k = 0; k < K; k++) z[k] = z[k]! + v[base + k]! * scale * x.val[j]!;
      }
      const p = softmax(z);
      scale *= 1 - lr * o.l2;
      const w = cw[y[n]!]!;
      for (let k = 0; k < K; k++) {
        const g = (p[k]! - (k === y[n] ? 1 : 0)) * w;
        if (g === 0) continue;
        const step = (lr * g) / scale;
        for (let j = 0; j < x.idx.length; j++) {
          const at = x.idx[j]! * K + k;
          v[at] = v[at]! - step * x.val[j]!;
        }
        bias[k] = bias[k]! - lr * g * 0.1;
      }
      if (scale < 1e-4) {
        for (let i = 0; i < v.length; i++) v[i] = v[i]! * scale;
        scale = 1;
      }
    }
  }
  for (let i = 0; i < v.length; i++) v[i] = v[i]! * scale;
  return { classes, dim, weights: v, bias };
}

export interface PackedLinear {
  classes: string[];
  bias: number[];
  /** Dequantisation factor: weight = int8 * scale. */
  scale: number;
  /** Base64 of the int8 weights, row-major like LinearModel.weights (only the rows listed in `gaps` when present). */
  weights: string;
  /** Sparse heads: base64 of the stored rows' feature indices as LEB128 varints of the gaps between them. */
  gaps?: string;
}

const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

/** Quantises to int8 and keeps only the feature rows with a non-zero weight (most hashed rows are empty). */
export function pack(m: LinearModel): PackedLinear {
  const K = m.classes.length;
  let max = 0;
  for (const w of m.weights) max = Math.max(max, Math.abs(w));
  const scale = max / 127 || 1;
  const bias = Array.from(m.bias, (b) => +b.toFixed(6));
  const q = Int8Array.from(m.weights, (w) => Math.round(w / scale));
  const rows: number[] = [];
  for (let f = 0; f < q.length / K; f++) if (q.subarray(f * K, f * K + K).some((v) => v !== 0)) rows.push(f);
  // Dense when most rows are used (the row list would cost more than the zeros it saves).
  if (rows.length * (K + 1.5) >= q.length) return { classes: m.classes, bias, scale, weights: b64(q) };
  const gaps: number[] = [];
  let prev = -1;
  for (const r of rows) {
    for (let g = r - prev; ; g >>>= 7) { if (g < 128) { gaps.push(g); break; } gaps.push((g & 127) | 128); }
    prev = r;
  }
  const kept = new Int8Array(rows.length * K);
  rows.forEach((r, i) => kept.set(q.subarray(r * K, r * K + K), i * K));
  return { classes: m.classes, bias, scale, weights: b64(kept), gaps: b64(Uint8Array.from(gaps)) };
}

/** The shipped head: int8 weights kept as they are (predictProba applies the scale), sparse rows scattered. */
export function unpack(p: PackedLinear, dim: number): LinearModel {
  const K = p.classes.length;
  const bytes = Buffer.from(p.weights, 'base64');
  const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  const bias = Float32Array.from(p.bias);
  if (!p.gaps) return { classes: p.classes, dim, weights: q.length === dim * K ? q : Int8Array.from(q), bias, scale: p.scale };
  const weights = new Int8Array(dim * K);
  const gaps = Buffer.from(p.gaps, 'base64');
  let row = -1;
  let r = 0;
  for (let i = 0; i < gaps.length; ) {
    let g = 0;
    for (let shift = 0; ; shift += 7) { const b = gaps[i++]!; g |= (b & 127) << shift; if (b < 128) break; }
    row += g;
    for (let k = 0; k < K; k++) weights[row * K + k] = q[r * K + k]!;
    r++;
  }
  return { classes: p.classes, dim, weights, bias, scale: p.scale };
}
