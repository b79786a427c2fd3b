/** Analyser factory: OpenAI when OPENAI_API_KEY is set, otherwise the embedded classifier (design D6). */
import { EmbeddedAnalyser } from './embedded/analyser.js';
import { OpenAIAnalyser } from './openai.js';
import type { Analyser } from './port.js';

export * from './port.js';
export { EmbeddedAnalyser } from './embedded/analyser.js';
export { OpenAIAnalyser } from './openai.js';

export function createAnalyser(env: Record<string, string | undefined> = process.env): Analyser {
  const apiKey = env['OPENAI_API_KEY'];
  if (apiKey) {
    const batch = Number(env['OPENAI_BATCH_SIZE']);
    return new OpenAIAnalyser({
      apiKey,
      baseURL: env['OPENAI_BASE_URL'] || undefined,
      model: env['OPENAI_MODEL'] || 'gpt-5.6-luna',
      batchSize: Number.isFinite(batch) && batch > 0 ? batch : 25,
    });
  }
  return new EmbeddedAnalyser();
}
