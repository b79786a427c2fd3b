/** Baseline: plain bag-of-words multinomial naive Bayes (Laplace smoothing) — the floor to beat. */
import { normalise, words } from './text.js';

export interface NaiveBayes {
  classes: string[];
  predict(text: string): string;
}

export function trainNaiveBayes(texts: string[], labels: string[]): NaiveBayes {
  const classes = [...new Set(labels)].sort();
  const counts = classes.map(() => new Map<string, number>());
  const totals = classes.map(() => 0);
  const docs = classes.map(() => 0);
  const vocab = new Set<string>();
  texts.forEach((t, i) => {
    const c = classes.indexOf(labels[i]!);
    docs[c]!++;
    for (const w of words(normalise(t))) {
      counts[c]!.set(w, (counts[c]!.get(w) ?? 0) + 1);
      totals[c]!++;
      vocab.add(w);
    }
  });
  const V = vocab.size;
  const prior = docs.map((d) => Math.log(d / texts.length));
  return {
    classes,
    predict(text: string): string {
      const toks = words(normalise(text)).filter((w) => vocab.has(w));
      let best = 0;
      let bestScore = -Infinity;
      classes.forEach((_, c) => {
        let s = prior[c]!;
        for (const w of toks) s += Math.log(((counts[c]!.get(w) ?? 0) + 1) / (totals[c]! + V));
        if (s > bestScore) { bestScore = s; best = c; }
      });
      return classes[best]!;
    },
  };
}
