/**
 * `npx tsx scripts/bench-knowledge.ts`: what a brand's knowledge base costs the embedded analyser.
 * Analyses the same 4,000 comments (6 of 8 are questions or complaints, which look up the knowledge
 * base) with no knowledge base and with one of 200 entries in four languages; prints comments per
 * second (median of three runs, one process, model loaded) and the retrieval's share.
 */
import type { KnowledgeEntryInput } from '@cg/shared';
import { EmbeddedAnalyser } from '../functions/src/analysis/index.js';

const TOPICS = ['shipping', 'returns', 'sizes', 'prices', 'stock', 'stores', 'payment', 'warranty', 'other'] as const;
const PLACES = ['Canada', 'Mexico', 'Brazil', 'France', 'Germany', 'Italy', 'Spain', 'Poland', 'Turkey', 'India', 'Japan', 'Chile', 'Peru', 'Kenya', 'Egypt', 'Norway', 'Sweden', 'Ireland', 'Portugal', 'Greece'];
const knowledge: KnowledgeEntryInput[] = Array.from({ length: 200 }, (_, i) => {
  const topic = TOPICS[i % TOPICS.length]!, place = PLACES[i % PLACES.length]!;
  return {
    topic, title: `${topic} ${place} ${i}`, answer: `Answer ${i}.`, language: ['en', 'es', 'fr', 'de'][i % 4]!,
    questions: [`Do you have ${topic} for ${place}?`, `How does ${topic} work in ${place}?`, `Question number ${i} about ${topic}`],
  };
});
const TEXTS = ['Do you ship to Canada?', '¿Hacéis envíos a México?', 'What sizes do you have?', 'Is the blue one in stock?', 'Kann ich mit PayPal zahlen?', 'Where is your store in Lisbon?', 'I love it!', 'Terrible service, never again'];
const comments = Array.from({ length: 4000 }, (_, i) => ({ id: `c${i}`, content: TEXTS[i % TEXTS.length]!, authorName: 'Ana Ruiz', platform: 'facebook' as const }));

const analyser = new EmbeddedAnalyser();
await analyser.analyse(comments.slice(0, 10), { businessName: 'Bench' });
const rates: number[] = [];
for (const [label, brand] of [['no knowledge base', { businessName: 'Bench' }], ['200-entry knowledge base', { businessName: 'Bench', knowledge }]] as const) {
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    await analyser.analyse(comments, brand);
    runs.push(performance.now() - t);
  }
  const median = runs.sort((a, b) => a - b)[1]!;
  rates.push(comments.length / (median / 1000));
  console.log(`${label.padEnd(26)} ${rates.at(-1)!.toFixed(0).padStart(6)} comments/s (median of 3 runs of ${comments.length})`);
}
console.log(`knowledge retrieval share of analysis time: ${(100 * (1 - rates[1]! / rates[0]!)).toFixed(1)}%`);
