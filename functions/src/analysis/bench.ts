/** Analyser-alone benchmark: embedded analyser throughput over the eval texts (model load excluded). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedAnalyser } from './embedded/analyser.js';
import { readLabelled } from './embedded/csv.js';
import { loadModel } from './embedded/model-store.js';
import { EVAL_DIR } from './embedded/paths.js';
import type { CommentInput } from './port.js';

export async function benchAnalyser(dir: string = EVAL_DIR, batchSize = 100): Promise<{ commentsPerSecond: number }> {
  const t0 = performance.now();
  await loadModel();
  const loadMs = performance.now() - t0;
  const comments: CommentInput[] = readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .flatMap((f) => readLabelled(join(dir, f)))
    .map((r) => ({ id: r.id, content: r.text, authorName: 'Bench', platform: 'facebook' }));
  const analyser = new EmbeddedAnalyser();
  const start = performance.now();
  for (let i = 0; i < comments.length; i += batchSize) await analyser.analyse(comments.slice(i, i + batchSize), { businessName: 'Bench' });
  const seconds = (performance.now() - start) / 1000;
  const commentsPerSecond = comments.length / seconds;
  console.log(`embedded analyser: model load ${loadMs.toFixed(0)} ms; ${comments.length} comments in ${seconds.toFixed(2)} s = ${Math.round(commentsPerSecond)} comments/second`);
  return { commentsPerSecond };
}
