/**
 * OpenAI provider under a trickle (issue 13 item 5): realistic business comments of several
 * workspaces and brands arrive at 2 per second on the analysis queue (the local SQS stand-in, with
 * the batch size and batching window CDK deploys for `-c analyser=openai`), each delivered batch is
 * analysed in one call as the analyser Lambda does (analyseItems across brands), against the fake
 * OpenAI server. Prompt tokens are counted with OpenAI's tokenizer (gpt-tokenizer, o200k_base):
 * messages with their chat framing plus the structured-output schema. Completion tokens are the fake
 * model's (shorter than a real model's answer), so only input tokens are the figure.
 *
 * `benchFigures()` is called by `npm run bench`; `npx tsx scripts/bench-openai.ts` runs it alone.
 * BENCH_OPENAI_COMMENTS (default 100) sets the trickle's length (it takes count / 2 seconds).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { SQSEvent } from 'aws-lambda';
import type { KnowledgeEntryInput } from '@cg/shared';
import { App } from 'aws-cdk-lib';
import { readConfig } from '../infra/lib/config.js';
import { LocalQueue } from '../infra/local/sqs.js';
import type { AnalysisItem, BrandContext } from '../functions/src/analysis/port.js';
import { OpenAIAnalyser } from '../functions/src/analysis/openai.js';
import { startFakeOpenAI } from '../functions/test/analysis/fake-openai.js';

const BUSINESS = fileURLToPath(new URL('../functions/src/analysis/embedded/data/business-comments.csv', import.meta.url));
/** gpt-5.6-luna list prices, USD per 1M tokens (shared/reference/integrations.md). */
const PRICE = { input: 0.2, output: 1.2 };

const kb = (entries: Array<[string, string, string]>): KnowledgeEntryInput[] =>
  entries.map(([title, question, answer]) => ({ topic: 'other', title, questions: [question], answer, language: 'en' }));

/** Three brands of two workspaces, each with its voice and a knowledge base of eight entries. */
function brands(): BrandContext[] {
  const common: Array<[string, string, string]> = [
    ['Returns', 'Can I return an item?', 'Returns are free within 30 days: start one from your order page.'],
    ['Payment', 'Which payment methods do you accept?', 'Cards, PayPal, Apple Pay and Google Pay.'],
    ['Stores', 'Do you have a physical store?', 'Our stores are in Lisbon (Chiado) and Porto (Baixa), open 10:00-20:00.'],
    ['Warranty', 'Is there a warranty?', 'Every product has a two-year warranty.'],
    ['Order tracking', 'Where is my order?', 'Your tracking link is in the shipping email; orders leave within 2 working days.'],
  ];
  return [
    { businessName: 'Lumen Skincare', voice: { tone: 'friendly', signOff: '— Lumen', emoji: true, bannedWords: ['cheap'], addressBy: 'first_name', defaultLanguage: 'en', facts: 'Vegan, cruelty-free skincare made in Portugal.' },
      knowledge: kb([...common, ['Shipping to Canada', 'Do you ship to Canada?', 'Yes: 5-7 business days, free over $60.'], ['Sensitive skin', 'Is it OK for sensitive skin?', 'Our Calm line is fragrance-free and dermatologist-tested.'], ['SPF', 'Which SPF do you have?', 'SPF 30 and SPF 50, both mineral.']]) },
    { businessName: 'Nordic Bikes', voice: { tone: 'formal', signOff: '', emoji: false, bannedWords: [], addressBy: 'none', defaultLanguage: 'en', facts: 'Bikes assembled in Aarhus.' },
      knowledge: kb([...common, ['Sizes', 'Which frame size do I need?', 'Frame sizes S (155-170 cm), M (170-182 cm), L (182-195 cm).'], ['Service', 'Do you service bikes?', 'Free first service within 3 months at any store.'], ['Delivery', 'How long is delivery?', 'Delivery in 3-5 working days across the EU.']]) },
    { businessName: 'Casa Verde', voice: { tone: 'playful', signOff: '🌿 Casa Verde', emoji: true, bannedWords: ['guarantee'], addressBy: 'first_name', defaultLanguage: 'pt', facts: 'Plants and pots, delivered in Portugal and Spain.' },
      knowledge: kb([...common, ['Plant care', 'How often should I water it?', 'Most of our plants like water once a week; each comes with a care card.'], ['Delivery areas', 'Do you deliver to Spain?', 'We deliver in mainland Portugal and Spain.'], ['Gift cards', 'Do you sell gift cards?', 'Yes, digital gift cards from €10.']]) },
  ];
}

interface Job { workspaceId: string; brand: number; n: number }

export interface TrickleReport {
  comments: number;
  requests: number;
  commentsPerRequest: number;
  batchSize: number;
  batchingWindowSeconds: number;
  promptTokens: number;
  tokensPerComment: number;
  tokensPerCommentSingle: number;
  usdPer1000: number;
}

/** Sends `count` comments at 2/s through the queue as CDK configures it for OpenAI, and counts the tokens. */
export async function measureOpenAiTrickle(count = Number(process.env.BENCH_OPENAI_COMMENTS ?? 100), log: (l: string) => void = console.log): Promise<TrickleReport> {
  const rows = (parse(readFileSync(BUSINESS, 'utf8'), { columns: true, skip_empty_lines: true }) as Array<{ text: string; author: string; language: string }>);
  const ctx = brands();
  const posts = ['Our new spring collection is here: light textures, fresh scents.', 'Weekend sale: 20% off everything until Sunday.', 'Meet the team behind your orders!'];
  const item = (j: Job): AnalysisItem => {
    const r = rows[j.n % rows.length]!;
    return { comment: { id: `c${j.n}`, content: r.text, authorName: r.author, platform: j.n % 2 ? 'instagram' : 'facebook', postText: posts[j.n % posts.length] }, brand: ctx[j.brand]! };
  };
  // The event source settings CDK deploys with -c analyser=openai (infra/lib/config.ts → the SqsEventSource).
  const { batchSize, batchingWindowSeconds } = readConfig(new App({ context: { analyser: 'openai' } }).node).analysis;
  const spec = { batchSize, maxBatchingWindowSeconds: batchingWindowSeconds };
  const fake = await startFakeOpenAI('ok');
  try {
    // What the same comments cost one request each (the queue without a window, batches split per brand).
    const single = new OpenAIAnalyser({ apiKey: 'sk-bench', baseURL: fake.url, batchSize: 1, maxRetries: 0, timeoutMs: 10_000 });
    const jobs: Job[] = Array.from({ length: count }, (_, n) => ({ workspaceId: `ws-${n % 2}`, brand: n % 3, n }));
    await single.analyseItems(jobs.slice(0, Math.min(count, 25)).map(item));
    const tokensPerCommentSingle = single.usage.promptTokens / Math.min(count, 25);

    const analyser = new OpenAIAnalyser({ apiKey: 'sk-bench', baseURL: fake.url, batchSize: 25, maxRetries: 0, timeoutMs: 10_000 });
    const sizes: number[] = [];
    const queue = new LocalQueue('analysis', async (e: SQSEvent) => {
      const batch = e.Records.map((r) => JSON.parse(r.body) as Job);
      sizes.push(batch.length);
      await analyser.analyseItems(batch.map(item));
      return { batchItemFailures: [] };
    }, { batchSize: spec.batchSize, visibilityTimeoutMs: 60_000, maxReceiveCount: 5, concurrency: 10, maxBatchingWindowMs: spec.maxBatchingWindowSeconds * 1000 });
    log(`  trickle: ${count} comments at 2/s over ${count / 2} s (3 brands, 2 workspaces), queue batch ${spec.batchSize}, window ${spec.maxBatchingWindowSeconds} s (CDK -c analyser=openai)`);
    const t0 = Date.now();
    for (const j of jobs) {
      queue.send(JSON.stringify(j));
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + (j.n + 1) * 500 - Date.now())));
    }
    await queue.idle();
    const tokensPerComment = analyser.usage.promptTokens / count;
    const completionPerComment = analyser.usage.completionTokens / count;
    const report: TrickleReport = {
      comments: count, requests: analyser.usage.requests, commentsPerRequest: count / analyser.usage.requests, batchSize: spec.batchSize,
      batchingWindowSeconds: spec.maxBatchingWindowSeconds, promptTokens: analyser.usage.promptTokens, tokensPerComment, tokensPerCommentSingle,
      usdPer1000: (tokensPerComment * PRICE.input + completionPerComment * PRICE.output) * 1000 / 1e6,
    };
    log(`  queue deliveries: ${sizes.join(', ')} comments → ${report.requests} chat requests (${report.commentsPerRequest.toFixed(1)} comments/request)`);
    log(`  input tokens (gpt-tokenizer o200k_base, incl. schema): ${report.promptTokens} → ${tokensPerComment.toFixed(1)} per comment; one request per comment: ${tokensPerCommentSingle.toFixed(1)} per comment`);
    log(`  ≈ $${report.usdPer1000.toFixed(4)} per 1,000 comments at gpt-5.6-luna list prices (input + the fake model's ${completionPerComment.toFixed(0)} output tokens/comment)`);
    return report;
  } finally {
    await fake.close();
  }
}

/** The figures `npm run bench -- --json FILE` records (units in the names). */
export async function benchFigures(): Promise<Record<string, number | null>> {
  const r = await measureOpenAiTrickle();
  return {
    openai_tokens_per_comment_trickle: Math.round(r.tokensPerComment * 10) / 10,
    openai_tokens_per_comment_single: Math.round(r.tokensPerCommentSingle * 10) / 10,
    openai_comments_per_request_trickle: Math.round(r.commentsPerRequest * 10) / 10,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log('OpenAI provider under a trickle of 2 comments/s (fake OpenAI server, real tokenizer)');
  const f = await benchFigures();
  console.log(`openai_tokens_per_comment_trickle: ${f.openai_tokens_per_comment_trickle}`);
  console.log(JSON.stringify(f));
}
