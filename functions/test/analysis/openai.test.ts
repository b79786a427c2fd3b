/** OpenAI provider against the fake server: happy path, 429 then success, malformed output, refusal, invalid decision. */
import { afterEach, describe, expect, it } from 'vitest';
import { AiDecision } from '@cg/shared';
import { AnalysisError, createAnalyser, OpenAIAnalyser } from '../../src/analysis/index.js';
import { startFakeOpenAI, type FakeMode, type FakeOpenAI } from './fake-openai.js';

const brand = { businessName: 'Acme', tone: 'friendly' as const };
const comments = [
  { id: 'a', content: 'How much is shipping?', authorName: 'Ann', platform: 'facebook' as const },
  { id: 'b', content: 'check out my channel http://x.co', authorName: 'Bob', platform: 'instagram' as const },
  { id: 'c', content: 'you are an idiot', authorName: 'Cy', platform: 'facebook' as const },
];

let fake: FakeOpenAI | null = null;
afterEach(async () => { await fake?.close(); fake = null; });

async function analyser(mode: FakeMode, batchSize = 25) {
  fake = await startFakeOpenAI(mode);
  return new OpenAIAnalyser({ apiKey: 'sk-test', baseURL: fake.url, batchSize, maxRetries: 2, timeoutMs: 5_000 });
}

describe('OpenAIAnalyser', () => {
  it('returns one validated decision per comment, in order, batching and counting tokens', async () => {
    const a = await analyser('ok', 2);
    const out = await a.analyse(comments, brand);
    expect(out).toHaveLength(3);
    out.forEach((d) => expect(AiDecision.parse(d)).toEqual(d));
    expect(out.map((d) => d.decision)).toEqual(['reply', 'delete', 'hide']);
    expect(out[2]!.isOffensive).toBe(true);
    expect(out.every((d) => d.provider === 'openai')).toBe(true);
    expect(fake!.calls['/v1/chat/completions']).toBe(2);
    expect(fake!.calls['/v1/moderations']).toBe(2);
    expect(a.usage.promptTokens).toBe(fake!.promptTokens);
    expect(a.usage.promptTokens).toBeGreaterThan(0);
    expect(a.usage.completionTokens).toBeGreaterThan(0);
  });

  it('retries after a 429 and then succeeds', async () => {
    const a = await analyser('rate-limit-once');
    const out = await a.analyse(comments, brand);
    expect(out).toHaveLength(3);
    expect(fake!.calls['/v1/chat/completions']).toBe(2);
  });

  it('throws AnalysisError on malformed JSON content', async () => {
    const a = await analyser('malformed');
    await expect(a.analyse(comments, brand)).rejects.toBeInstanceOf(AnalysisError);
  });

  it('throws AnalysisError when decisions fail schema validation', async () => {
    const a = await analyser('invalid-decision');
    await expect(a.analyse(comments, brand)).rejects.toBeInstanceOf(AnalysisError);
  });

  it('throws AnalysisError on a refusal', async () => {
    const a = await analyser('refusal');
    await expect(a.analyse(comments, brand)).rejects.toThrow(/refused/);
  });
});

describe('createAnalyser', () => {
  it('picks OpenAI when a key is set, embedded otherwise', () => {
    expect(createAnalyser({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' }).provider).toBe('openai');
    expect(createAnalyser({}).provider).toBe('embedded');
  });
});
