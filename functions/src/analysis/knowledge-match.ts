/**
 * The few knowledge-base entries that best match a comment, for the OpenAI provider's prompt (the
 * model gets these, never the whole knowledge base): words shared with an entry's title and example
 * questions (and, weighing less, its answer), rare words counting more (idf), compared on accent-
 * and case-folded word stems so "envío"/"envio" and "shipping"/"ship" meet.
 */
import type { KnowledgeEntryInput } from '@cg/shared';
import { fold } from './reply-guard.js';

const STEM = 5;
const STOP = new Set(`the and you your for are our can how what when where which with from this that have has does did will
que los las del por una con para como cual donde quando onde uma com para pour les des une est avec vous der die das und ist mit wie
ich sie wir ihr per che con non sono una het een van wat hoe jak czy nie jest ile ben bir icin bu mi apa yang dan ini itu`.split(/\s+/));

function stems(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !STOP.has(w)).map((w) => w.slice(0, STEM));
}

export interface Matched<E> { entry: E; score: number }

/**
 * Up to `n` entries sharing words with the comment, best first. A knowledge base of `n` entries or
 * fewer is passed whole when nothing matches (a question in another language than the entries').
 */
export function matchKnowledge<E extends Pick<KnowledgeEntryInput, 'title' | 'questions' | 'answer'>>(text: string, entries: readonly E[], n = 3): Matched<E>[] {
  if (!entries.length) return [];
  const docs = entries.map((e) => ({ entry: e, strong: new Set(stems(`${e.title} ${e.questions.join(' ')}`)), weak: new Set(stems(e.answer)) }));
  const df = new Map<string, number>();
  for (const d of docs) for (const s of new Set([...d.strong, ...d.weak])) df.set(s, (df.get(s) ?? 0) + 1);
  const query = new Set(stems(text));
  const scored = docs.map((d) => {
    let score = 0;
    for (const q of query) {
      const idf = Math.log(1 + entries.length / (df.get(q) ?? 1));
      if (d.strong.has(q)) score += idf;
      else if (d.weak.has(q)) score += idf / 2;
    }
    return { entry: d.entry, score };
  });
  const best = scored.filter((m) => m.score > 0).sort((a, b) => b.score - a.score).slice(0, n);
  if (!best.length && entries.length <= n) return entries.map((entry) => ({ entry, score: 0 }));
  return best;
}
