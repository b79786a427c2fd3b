/** Classification metrics from a confusion matrix: accuracy, macro-F1, macro-recall. */

export interface Confusion {
  labels: string[];
  /** matrix[actual][predicted] counts, indexed like `labels`. */
  matrix: number[][];
}

export function confusion(labels: readonly string[], actual: readonly string[], predicted: readonly string[]): Confusion {
  const index = new Map(labels.map((l, i) => [l, i]));
  const matrix = labels.map(() => labels.map(() => 0));
  actual.forEach((a, k) => {
    const i = index.get(a);
    const j = index.get(predicted[k]!);
    if (i === undefined || j === undefined) throw new Error(`unknown label ${a} / ${predicted[k]}`);
    matrix[i]![j]!++;
  });
  return { labels: [...labels], matrix };
}

export interface Scores {
  rows: number;
  accuracy: number;
  macroF1: number;
  macroRecall: number;
}

export function scores({ matrix }: Confusion): Scores {
  const n = matrix.length;
  let total = 0;
  let correct = 0;
  let f1 = 0;
  let recall = 0;
  for (let i = 0; i < n; i++) {
    const tp = matrix[i]![i]!;
    const actual = matrix[i]!.reduce((s, v) => s + v, 0);
    const predicted = matrix.reduce((s, r) => s + r[i]!, 0);
    total += actual;
    correct += tp;
    const r = actual ? tp / actual : 0;
    const p = predicted ? tp / predicted : 0;
    recall += r;
    f1 += p + r ? (2 * p * r) / (p + r) : 0;
  }
  return { rows: total, accuracy: total ? correct / total : 0, macroF1: f1 / n, macroRecall: recall / n };
}

/** Plain-text confusion table (rows = actual, columns = predicted). */
export function formatConfusion({ labels, matrix }: Confusion): string {
  const w = Math.max(9, ...labels.map((l) => l.length + 1));
  const head = 'actual\\pred'.padEnd(12) + labels.map((l) => l.padStart(w)).join('');
  const lines = labels.map((l, i) => l.padEnd(12) + matrix[i]!.map((v) => String(v).padStart(w)).join(''));
  return [head, ...lines].join('\n');
}
