/**
 * Bench figure of issue 13 item 9: what 1,000 comments moderated cost in AWS at list prices
 * (us-east-1, on-demand, no free tier), with the embedded analyser. "Moderated" is the automatic
 * path: the signed Meta webhook through CloudFront and API Gateway, the webhooks function, the
 * meta-events queue and function (stored), the analysis queue and the analyser (decided), and the
 * decision pushed on the WebSocket to one open tab. Measured on the local stack: DynamoDB capacity
 * is what DynamoDB Local returns with ReturnConsumedCapacity (every call of every function, seen by
 * the stack's observing proxy), Lambda the invocations and their durations with each function's
 * memory from the synthesized template; SQS and API Gateway requests are counted from the run.
 */
import WebSocket from 'ws';
import type { Stack } from '../infra/local/stack.js';
import { logByCall, type DynamoProbe } from './bench/dynamo-probe.js';
import { feedCommentWebhook, now, sendWebhook, sleep, type Client } from './bench/util.js';

/** List prices used (us-east-1, USD), each with its source page (read November 2026). */
export const PRICES = {
  /** https://aws.amazon.com/dynamodb/pricing/on-demand/ — on-demand, Standard table class. */
  dynamoWriteRequestUnit: 0.625 / 1e6,
  dynamoReadRequestUnit: 0.125 / 1e6,
  /** https://aws.amazon.com/lambda/pricing/ — Arm (the functions are ARM_64, infra/lib/function.ts). */
  lambdaGbSecond: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  /** https://aws.amazon.com/sqs/pricing/ — standard queue, per request (64 KB chunks). */
  sqsRequest: 0.4 / 1e6,
  /** https://aws.amazon.com/api-gateway/pricing/ — REST API (first 333 million), WebSocket messages (32 KB units). */
  restApiRequest: 3.5 / 1e6,
  websocketMessage: 1.0 / 1e6,
  /** https://aws.amazon.com/cloudfront/pricing/ — HTTPS requests, United States. */
  cloudfrontHttpsRequest: 0.01 / 10_000,
} as const;

const READS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'ScanCommand', 'TransactGetItemsCommand']);

export interface CostFigures {
  cost_per_1000_comments_usd: number;
  cost_dynamodb_per_1000_usd: number;
  cost_lambda_per_1000_usd: number;
  cost_sqs_per_1000_usd: number;
  cost_api_gateway_cloudfront_per_1000_usd: number;
  dynamodb_wcu_per_comment: number;
  dynamodb_rcu_per_comment: number;
  lambda_gb_s_per_comment: number;
}

export async function costFigures(s: Stack, probe: DynamoProbe, client: Client, pageId: string, postId: string, n = Number(process.env.BENCH_COST_N ?? 500), log: (l: string) => void = console.log): Promise<CostFigures> {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}/ws`, { headers: { Cookie: client.cookieHeader() } });
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  const sentIds = new Set<string>();
  const decided = new Set<string>();
  let pushed = 0;
  ws.on('message', (data) => {
    pushed++;
    try {
      // A batch of decisions is one message naming every comment (commentIds); a repeat of a removed text is hidden instead of analysed.
      const m = JSON.parse(data.toString());
      if (m?.type === 'comment_processed' || m?.type === 'comment_action_executed') for (const id of [m.commentId, ...(m.commentIds ?? [])]) if (sentIds.has(id)) decided.add(id);
    } catch { /* not JSON */ }
  });
  const before = new Map([...s.invocations].map(([k, v]) => [k, v.ms.length]));
  probe.capacity = [];
  const texts = ['Do you ship to Canada?', 'Love this serum, my skin has never looked better!', 'Worst customer service ever, still waiting for my refund', 'Check out my page for free followers http://spam.example', 'Está disponible en azul?', 'Meh.'];
  const run = Date.now().toString(36);
  const RATE = 20;
  const t0 = now();
  const inflight: Promise<number>[] = [];
  for (let i = 0; i < n; i++) {
    const wait = t0 + (i * 1000) / RATE - now();
    if (wait > 0) await sleep(wait);
    const commentId = `${postId.split('_').pop()}_cost${run}${i}`;
    sentIds.add(`facebook_${commentId}`);
    inflight.push(sendWebhook(s.url, feedCommentWebhook(pageId, postId, commentId, texts[i % texts.length]!, s.env.META_APP_SECRET!)));
  }
  await Promise.all(inflight);
  // Follow every webhook to its decision: wait while decisions keep arriving (a busy machine is slow, not stuck).
  for (let last = decided.size, progressAt = Date.now(); decided.size < n; await sleep(100)) {
    if (decided.size > last) { last = decided.size; progressAt = Date.now(); }
    if (Date.now() - progressAt > 120_000) break;
  }
  // The last writes after the push: wait until DynamoDB has been quiet for a second.
  for (let seen = -1; seen !== probe.capacity!.length;) { seen = probe.capacity!.length; await sleep(1000); }
  ws.close();
  const consumed = probe.capacity;
  probe.capacity = null;

  const rcu = consumed.filter((c) => READS.has(c.command)).reduce((a, c) => a + c.units, 0);
  const wcu = consumed.filter((c) => !READS.has(c.command)).reduce((a, c) => a + c.units, 0);
  let gbSeconds = 0;
  let invocations = 0;
  const perFn: string[] = [];
  for (const [name, v] of s.invocations) {
    const ms = v.ms.slice(before.get(name) ?? 0);
    if (!ms.length) continue;
    invocations += ms.length;
    const gbs = ms.reduce((a, x) => a + Math.ceil(x), 0) / 1000 * (v.memoryMb / 1024);
    gbSeconds += gbs;
    perFn.push(`${name} ${ms.length}× ${v.memoryMb} MB ${(ms.reduce((a, x) => a + x, 0) / ms.length).toFixed(0)} ms avg`);
  }
  // SQS: a send per message on each of the two queues, and per consumer invocation (one batch) a receive and a delete.
  const batches = ['meta-events', 'analyser'].reduce((a, name) => a + (s.invocations.get(name)?.ms.length ?? 0) - (before.get(name) ?? 0), 0);
  const sqsRequests = 2 * n + 2 * batches;
  const done = decided.size;
  if (done < n) throw new Error(`cost: only ${done} of the ${n} webhooks reached a decision on the socket (no progress for 2 minutes); a cost per comment would divide all the work by a subset`);
  const per1000 = 1000 / n;
  const dynamo = (wcu * PRICES.dynamoWriteRequestUnit + rcu * PRICES.dynamoReadRequestUnit) * per1000;
  const lambda = (gbSeconds * PRICES.lambdaGbSecond + invocations * PRICES.lambdaRequest) * per1000;
  const sqs = sqsRequests * PRICES.sqsRequest * per1000;
  const edge = (n * (PRICES.restApiRequest + PRICES.cloudfrontHttpsRequest) + pushed * PRICES.websocketMessage) * per1000;
  const total = dynamo + lambda + sqs + edge;
  log(`  ${done}/${n} comments decided and pushed; DynamoDB ${wcu.toFixed(0)} WCU + ${rcu.toFixed(0)} RCU (${(wcu / n).toFixed(1)} WCU, ${(rcu / n).toFixed(1)} RCU per comment)`);
  logByCall(consumed, n, 'comment', log);
  log(`  Lambda: ${perFn.join('; ')} → ${(gbSeconds / n).toFixed(4)} GB-s per comment; SQS ${sqsRequests} requests; API Gateway ${n} REST requests + ${pushed} WebSocket messages; CloudFront ${n} requests`);
  log(`  per 1,000 comments: DynamoDB $${dynamo.toFixed(4)}, Lambda $${lambda.toFixed(4)}, SQS $${sqs.toFixed(4)}, API Gateway + CloudFront $${edge.toFixed(4)} → $${total.toFixed(4)}`);
  log(`  prices (us-east-1 list, no free tier): ${Object.entries(PRICES).map(([k, v]) => `${k} $${v.toPrecision(3)}`).join(', ')}`);
  return {
    cost_per_1000_comments_usd: total, cost_dynamodb_per_1000_usd: dynamo, cost_lambda_per_1000_usd: lambda, cost_sqs_per_1000_usd: sqs,
    cost_api_gateway_cloudfront_per_1000_usd: edge, dynamodb_wcu_per_comment: wcu / n, dynamodb_rcu_per_comment: rcu / n, lambda_gb_s_per_comment: gbSeconds / n,
  };
}
