/**
 * `npm run bench [-- --json FILE]`: the figures of issues 3 (Meta), 4 (analysis) and 13 (lists at
 * 100,000 comments, cost per 1,000 comments), measured on ONE local stack
 * (in-memory DynamoDB Local, cognito-local, the gateway running the real Lambda handlers in this
 * process, the local SQS queues and the Meta sandbox). A script, not a test: it prints figures and
 * whether each goal is met, then closes the stack and exits.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { Comment } from '@cg/shared';
import { startStack, type Stack } from '../infra/local/stack.js';
import { Client, connectThroughSandbox, control, feedCommentWebhook, finishedJob, fmt, ms, now, percentile, pool, register, sendWebhook, sleep } from './bench/util.js';

interface Row { issue: string; figure: string; value: string; goal: string; met: boolean | null }
const rows: Row[] = [];
/** Every figure printed, for `npm run bench -- --json FILE` (numbers; the unit is in the name; null when not measured, with a note). */
const figures: Record<string, number | null> = {
  webhook_to_stored_p95_ms: null, webhook_to_decision_p95_ms: null, bulk_analyze_per_s: null, queue_page_p95_ms_100k: null,
  all_comments_filtered_p95_ms_100k: null, all_comments_filtered_rcu_per_page_100k: null, search_p95_ms_100k: null,
  scheduled_sync_1000_workspaces_s: null, openai_tokens_per_comment_trickle: null, cost_per_1000_comments_usd: null,
};
const notes: Record<string, string> = {};
const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt >= 0 ? process.argv[jsonAt + 1] : undefined;
if (jsonAt >= 0 && !jsonFile) { console.error('usage: npm run bench -- --json FILE'); process.exit(2); }
function record(issue: string, figure: string, value: string, goal: string, met: boolean | null) {
  rows.push({ issue, figure, value, goal, met });
  console.log(`  → ${figure}: ${value}   [goal: ${goal}${met === null ? '' : met ? ' — MET' : ' — NOT MET'}]`);
}
function header(title: string) {
  console.log(`\n=== ${title} ===`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cg-bench-'));
let stack: Stack | null = null;
const startedAt = now();

// Never hang: whatever happens, stop after 60 minutes.
const watchdog = setTimeout(() => { console.error('bench: watchdog fired after 60 minutes, stopping'); void finish(2); }, 60 * 60_000);
watchdog.unref();

let finishing = false;
async function finish(code: number): Promise<never> {
  if (!finishing) {
    finishing = true;
    if (jsonFile) {
      for (const [k, v] of Object.entries(figures)) if (v === null && !notes[k]) notes[k] = process.env.BENCH_ONLY ? `not measured: step not in BENCH_ONLY=${process.env.BENCH_ONLY}` : 'not measured (the step failed or was skipped)';
      writeFileSync(jsonFile, `${JSON.stringify({ ...figures, notes, measuredAt: new Date().toISOString(), exitCode: code }, null, 2)}\n`);
      console.log(`figures written to ${jsonFile}`);
    }
    await stack?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(code);
}

async function main() {
  console.log('Pagewarden bench — starting one local stack (in-memory DynamoDB Local, cognito-local, gateway, local SQS, Meta sandbox)...');
  stack = await startStack({ dataDir, persist: false, observeDynamo: true, env: { RATE_LIMIT_PER_IP: '10000000', RATE_LIMIT_PER_EMAIL: '1000' } });
  const s = stack;
  console.log(`stack up at ${s.url} in ${((now() - startedAt) / 1000).toFixed(1)} s`);

  // App modules, imported after the stack has set the environment; the functions run in their own
  // processes, so the probe watches DynamoDB on the wire (the stack's observing proxy) for all of them.
  const { installProbe, probe } = await import('./bench/dynamo-probe.js');
  const store = await import('../functions/src/store/comments.js');
  const workspaces = await import('../functions/src/store/workspaces.js');
  installProbe(s.dynamo!);

  // BENCH_ONLY=1,5 runs only those figures (for profiling); by default all.
  const only = new Set((process.env.BENCH_ONLY ?? '1,2,3,4,5,6,7,8,9,10').split(',').map((x) => x.trim()));
  const step = async (n: string, fn: () => Promise<void>) => {
    if (!only.has(n)) return;
    const [c0, t0] = [probe.conflicts, probe.transactions];
    probe.timings.clear();
    await fn();
    const calls = [...probe.timings].sort((a, b) => b[1].length - a[1].length).map(([k, v]) => `${k.replace('Command', '')} ${v.length}× p50 ${ms(percentile(v, 50))} p95 ${ms(percentile(v, 95))}`);
    if (!calls.length) return;
    console.log(`  (DynamoDB calls in this step: ${calls.join('; ')})`);
    console.log(`  (DynamoDB transactions in this step: ${probe.transactions - t0}, cancelled by a transaction conflict and retried: ${probe.conflicts - c0})`);
  };
  await step('3', analyserAlone);
  await step('7', openAiTokens);

  // ---- the connected user for the Meta figures and the socket latency ----
  // The first sign-up starts the api function and cognito-local; on a busy machine it can pass the gateway's 29 s once.
  const firstRegister = async () => { for (let i = 0; ; i++) { try { return await register(s.url, 'meta'); } catch (err) { if (i === 2) throw err; console.log(`  (sign-up failed, retrying: ${(err as Error).message.slice(0, 80)})`); } } };
  const { client: metaClient, workspaceId: metaUser } = await firstRegister();
  await workspaces.setWorkspaceFields(metaUser, { subscriptionPlan: 'ultimate', autoAnalyze: false });
  const connected = await connectThroughSandbox(metaClient);
  if (connected !== '/settings?success=connected') throw new Error(`connect failed: ${connected}`);
  const sandboxState = s.sandbox.state as any;
  const page = [...sandboxState.world.pages.values()][0] as { id: string; name: string };
  const post = ([...sandboxState.world.posts.values()] as { id: string; pageId: string; published: boolean }[]).find((p) => p.pageId === page.id && p.published)!;

  await step('2', () => fullSync(s, metaClient, page.id));
  await step('1', () => webhookToStored(s, metaUser, page.id, post.id, probe, store));
  await workspaces.setWorkspaceFields(metaUser, { autoAnalyze: true });
  await step('5', () => webhookToSocket(s, metaClient, page.id, post.id, probe));
  await step('4', () => bulkAnalyze(s, store, workspaces));
  await step('6', () => lists(s, probe));
  await step('8', () => cost(s, probe, metaClient, page.id, post.id));
  await step('9', () => fromModule('bench-openai.ts', 'openai_tokens_per_comment_trickle', 'OpenAI batching under a trickle (scripts/bench-openai.ts)', s));
  await step('10', () => fromModule('bench-fanout.ts', 'scheduled_sync_1000_workspaces_s', 'Scheduled syncs of 1,000 workspaces (scripts/bench-fanout.ts)', s));

  printSummary();
  await finish(0);
}

// ---------------------------------------------------------------------------------------------
/** 3. The embedded analyser alone (benchAnalyser: every eval CSV, batches of 100, model load excluded). */
async function analyserAlone() {
  header('Issue 4 · 3. Embedded analyser alone (functions/src/analysis/bench.ts over ../shared/data/eval)');
  const { benchAnalyser } = await import('../functions/src/analysis/bench.js');
  const { commentsPerSecond } = await benchAnalyser();
  record('4', 'Analyser alone (embedded)', `${fmt(commentsPerSecond)} comments/s`, 'none (reported)', null);
}

/** 7. OpenAI provider input tokens per comment at batch sizes 1, 10, 25 (fake server counting tokens). */
async function openAiTokens() {
  header('Issue 4 · 7. OpenAI provider: input (prompt) tokens per comment vs batch size (fake OpenAI server)');
  const { startFakeOpenAI } = await import('../functions/test/analysis/fake-openai.js');
  const { OpenAIAnalyser } = await import('../functions/src/analysis/openai.js');
  const { readLabelled } = await import('../functions/src/analysis/embedded/csv.js');
  const { EVAL_DIR } = await import('../functions/src/analysis/embedded/paths.js');
  const file = readdirSync(EVAL_DIR).filter((f) => f.endsWith('.csv')).sort()[0]!;
  const comments = readLabelled(join(EVAL_DIR, file)).slice(0, 50).map((r) => ({ id: r.id, content: r.text, authorName: 'Bench', platform: 'facebook' as const }));
  const fake = await startFakeOpenAI('ok');
  try {
    const perSize: string[] = [];
    for (const batchSize of [1, 10, 25]) {
      const a = new OpenAIAnalyser({ apiKey: 'sk-bench', baseURL: fake.url, batchSize, maxRetries: 0, timeoutMs: 10_000 });
      await a.analyse(comments, { businessName: 'Lumen Skincare', voice: { tone: 'friendly' } });
      const perComment = a.usage.promptTokens / comments.length;
      console.log(`  batch ${String(batchSize).padStart(2)}: ${comments.length} comments (${file}), ${a.usage.requests} chat requests, ${a.usage.promptTokens} prompt tokens → ${perComment.toFixed(1)} input tokens/comment`);
      perSize.push(`b${batchSize}: ${perComment.toFixed(1)}`);
    }
    record('4', 'OpenAI input tokens per comment', perSize.join(', '), 'none (reported; fewer with bigger batches)', null);
  } finally {
    await fake.close();
  }
}

// ---------------------------------------------------------------------------------------------
/** 2. Full sync of 10,000 seeded sandbox comments (plus the seeded world), autoAnalyze off. */
async function fullSync(s: Stack, client: Client, pageId: string) {
  header('Issue 3 · 2. Full sync of 10,000 sandbox comments (POST /api/sync-comments until more=false; autoAnalyze off)');
  const seeded = await control(s.sandbox.url, 'seed-bulk', { count: 10_000, pageId });
  const before = await control(s.sandbox.url, 'state');
  console.log(`  sandbox now holds ${seeded.comments} comments (10,000 bulk on page ${pageId} + the seeded world)`);
  const t0 = now();
  let added = 0;
  let calls = 0;
  for (;;) {
    const c0 = now();
    const res = await client.post('/api/sync-comments');
    calls++;
    if (res.status !== 200 && res.status !== 202) throw new Error(`sync failed: ${res.status} ${res.text}`);
    added += res.json.added as number;
    console.log(`  call ${calls}: +${res.json.added} in ${((now() - c0) / 1000).toFixed(1)} s (more: ${res.json.more}, throttled: ${JSON.stringify(res.json.throttled)})`);
    // Past 8 s the rest continues as a job (issue 13): followed until it ends.
    if (res.status === 202 && res.json.job) {
      const job = await finishedJob(client, res.json.job);
      added += job.result.added as number;
      console.log(`  sync job: +${job.result.added} in ${((now() - c0) / 1000).toFixed(1)} s since the call`);
    }
    if (!res.json.more) break;
  }
  const seconds = (now() - t0) / 1000;
  const after = await control(s.sandbox.url, 'state');
  const graphCalls = after.calls.graph - before.calls.graph;
  const byRoute: Record<string, number> = {};
  for (const [k, v] of Object.entries(after.calls.byRoute as Record<string, number>)) { const d = v - (before.calls.byRoute[k] ?? 0); if (d) byRoute[k] = d; }
  const rate = added / seconds;
  console.log(`  ${added} comments stored in ${seconds.toFixed(1)} s over ${calls} sync calls; ${graphCalls} Graph API calls: ${JSON.stringify(byRoute)}`);
  record('3', 'Full sync throughput', `${fmt(rate)} comments/s (${added} in ${seconds.toFixed(1)} s)`, '≥ 200 comments/s', rate >= 200);
  record('3', 'Graph API calls per 1,000 synced comments', `${fmt((graphCalls / added) * 1000, 1)} (${graphCalls} calls)`, 'none (reported)', null);
}

/** 1. Webhook received → comment stored, 1,000 signed webhooks at a steady 50/s (autoAnalyze off: storage only). */
async function webhookToStored(s: Stack, userId: string, pageId: string, postId: string, probe: typeof import('./bench/dynamo-probe.js').probe, store: typeof import('../functions/src/store/comments.js')) {
  const N = 1_000;
  const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 50);
  header(`Issue 3 · 1. Webhook received → comment stored: ${N} signed feed/add webhooks at ${RATE}/s (autoAnalyze off)`);
  const sentAt = new Map<string, number>();
  const stored = new Map<string, number>();
  probe.onCommentWritten = (id, at) => { const t = sentAt.get(id); if (t !== undefined && !stored.has(id)) stored.set(id, at - t); };
  const acks: number[] = [];
  const statuses = new Map<number, number>();
  const inflight: Promise<void>[] = [];
  const run = Date.now().toString(36);
  const t0 = now();
  for (let i = 0; i < N; i++) {
    const wait = t0 + (i * 1000) / RATE - now();
    if (wait > 0) await sleep(wait);
    const commentId = `${postId.split('_').pop()}_wh${run}${i}`;
    const w = feedCommentWebhook(pageId, postId, commentId, `Webhook bench comment ${i}: do you ship to Canada?`, s.env.META_APP_SECRET!);
    const start = now();
    sentAt.set(`facebook_${commentId}`, start);
    inflight.push(sendWebhook(s.url, w).then((status) => { acks.push(now() - start); statuses.set(status, (statuses.get(status) ?? 0) + 1); }));
  }
  await Promise.all(inflight);
  await s.queues.get('meta-events')!.idle();
  for (const deadline = Date.now() + 10_000; stored.size < N && Date.now() < deadline;) await sleep(20);
  probe.onCommentWritten = null;
  // Cross-check in the store: every comment is readable under the connected user.
  let readable = 0;
  await pool([...sentAt.keys()], 8, async (id) => { if (await store.getComment(userId, id)) readable++; });
  const lat = [...stored.values()];
  const p50 = percentile(lat, 50);
  const p95 = percentile(lat, 95);
  console.log(`  HTTP answers ${JSON.stringify(Object.fromEntries(statuses))}; webhook ack p50 ${ms(percentile(acks, 50))}, p95 ${ms(percentile(acks, 95))}`);
  console.log(`  stored ${stored.size}/${N} (readable via getComment: ${readable}); received→stored p50 ${ms(p50)}, p95 ${ms(p95)}, p99 ${ms(percentile(lat, 99))}, max ${ms(Math.max(...lat))}`);
  figures.webhook_to_stored_p95_ms = p95;
  record('3', 'Webhook → stored p50 / p95', `${ms(p50)} / ${ms(p95)} (${stored.size}/${N} stored)`, 'p95 < 200 ms', p95 < 200 && stored.size === N);
}

/** 5. Webhook arrival → comment_processed on the user's socket (embedded analyser, autoAnalyze on). */
async function webhookToSocket(s: Stack, client: Client, pageId: string, postId: string, probe: typeof import('./bench/dynamo-probe.js').probe) {
  const N = 200;
  const RATE = 10;
  header(`Issue 4 · 5. Comment arrival (webhook) → decision on the socket: ${N} webhooks at ${RATE}/s (autoAnalyze on, embedded analyser)`);
  const sentAt = new Map<string, number>();
  const got = new Map<string, number>();
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}/ws`, { headers: { Cookie: client.cookieHeader() } });
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  ws.on('message', (data) => {
    const at = now();
    let m: any;
    try { m = JSON.parse(data.toString()); } catch { return; }
    // One message names every comment of a batch of decisions (commentIds; commentId too when it is one).
    if (m?.type !== 'comment_processed') return;
    for (const id of new Set<string>([m.commentId, ...(m.commentIds ?? [])].filter((x) => typeof x === 'string'))) {
      const t = sentAt.get(id);
      if (t !== undefined && !got.has(id)) got.set(id, at - t);
    }
  });
  const texts = ['Do you ship to Canada?', 'Love this serum, my skin has never looked better!', 'Worst customer service ever, still waiting for my refund', 'Check out my page for free followers http://spam.example', 'Está disponible en azul?', 'Meh.'];
  const run = Date.now().toString(36);
  // BENCH_DEBUG=1: the step's DynamoDB calls per comment (capacity asked of every call, which costs
  // DynamoDB Local work, so not by default) and the webhook → stored split.
  const debug = Boolean(process.env.BENCH_DEBUG);
  const { logByCall } = await import('./bench/dynamo-probe.js');
  const stored = new Map<string, number>();
  if (debug) {
    probe.capacity = [];
    probe.onCommentWritten = (id, at) => { const t = sentAt.get(id); if (t !== undefined && !stored.has(id)) stored.set(id, at - t); };
  }
  const inflight: Promise<number>[] = [];
  const t0 = now();
  for (let i = 0; i < N; i++) {
    const wait = t0 + (i * 1000) / RATE - now();
    if (wait > 0) await sleep(wait);
    const commentId = `${postId.split('_').pop()}_ws${run}${i}`;
    const w = feedCommentWebhook(pageId, postId, commentId, texts[i % texts.length]!, s.env.META_APP_SECRET!);
    sentAt.set(`facebook_${commentId}`, now());
    inflight.push(sendWebhook(s.url, w));
  }
  await Promise.all(inflight);
  for (const deadline = Date.now() + 15_000; got.size < N && Date.now() < deadline;) await sleep(20);
  ws.close();
  if (debug) {
    logByCall(probe.capacity!, N, 'comment', console.log, 'calls');
    probe.capacity = null;
    probe.onCommentWritten = null;
    const toStored = [...stored.values()];
    const storedToDecision = [...got].filter(([id]) => stored.has(id)).map(([id, t]) => t - stored.get(id)!);
    console.log(`  of which webhook → stored p50 ${ms(percentile(toStored, 50))}, p95 ${ms(percentile(toStored, 95))}; stored → decision on the socket p50 ${ms(percentile(storedToDecision, 50))}, p95 ${ms(percentile(storedToDecision, 95))}`);
    console.log('  slowest (send order:ms:ms to stored):', [...got].map(([id, t]) => [Number(id.slice(id.indexOf(run) + run.length)), Math.round(t), Math.round(stored.get(id) ?? -1)]).sort((a, b) => b[1]! - a[1]!).slice(0, 15).map((x) => x.join(':')).join(' '));
  }
  const lat = [...got.values()];
  const p50 = percentile(lat, 50);
  const p95 = percentile(lat, 95);
  console.log(`  received comment_processed for ${got.size}/${N}; p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(Math.max(...lat))}`);
  figures.webhook_to_decision_p95_ms = p95;
  record('4', 'Webhook → decision on socket p50 / p95', `${ms(p50)} / ${ms(p95)} (${got.size}/${N})`, 'p95 ≤ 1 s', p95 <= 1000 && got.size === N);
}

let seedN = 0;
function benchComment(tag: string, i: number, text: string): Comment {
  seedN++;
  return {
    id: `facebook_${tag}${i}`, platform: 'facebook', externalId: `${tag}${i}`, authorName: `Author ${i}`, authorId: `a${i}`,
    content: text, timestamp: new Date(Date.UTC(2026, 0, 1) + seedN * 1000).toISOString(), postId: 'benchpost', isHidden: false,
    status: 'pending', aiDecision: null, lastError: null,
  } as Comment;
}

const TEXTS = [
  'How much is shipping to Canada?', 'I love this product, thank you!', 'This broke after two days, I want a refund.',
  'DM me to earn $5000 a week from home!!! http://scam.example', 'You are all idiots', '¿Tienen envío gratis a México?',
  "C'est magnifique, merci beaucoup !", 'Wann kommt die neue Kollektion?', 'Tagging @friend look at this', 'ok',
];

/** 4. Bulk analyze of 5,000 pending comments end to end (POST → every comment processed). */
async function bulkAnalyze(s: Stack, store: typeof import('../functions/src/store/comments.js'), workspaces: typeof import('../functions/src/store/workspaces.js')) {
  const N = 5_000;
  header(`Issue 4 · 4. Bulk analyze of ${N.toLocaleString('en')} stored pending comments end to end (POST /api/comments/bulk-analyze → all processed)`);
  const { client, workspaceId: userId } = await register(s.url, 'bulk');
  await workspaces.setWorkspaceFields(userId, { subscriptionPlan: 'ultimate' });
  const tag = `bulk${Date.now().toString(36)}_`;
  const comments = Array.from({ length: N }, (_, i) => benchComment(tag, i, TEXTS[i % TEXTS.length]!));
  const ts = now();
  await pool(Array.from({ length: Math.ceil(N / 900) }, (_, k) => comments.slice(k * 900, (k + 1) * 900)), 2, async (chunk) => { await store.insertNew(userId, chunk); });
  console.log(`  seeded ${N} pending comments in ${((now() - ts) / 1000).toFixed(1)} s`);
  const analysis = s.queues.get('analysis')!;
  const { probe, logByCall } = await import('./bench/dynamo-probe.js');
  probe.capacity = [];
  const t0 = now();
  const res = await client.post('/api/comments/bulk-analyze');
  const postMs = now() - t0;
  if (res.status !== 202) throw new Error(`bulk-analyze failed: ${res.status} ${res.text}`);
  // Over 500 pending comments Process All is a job (202 {job}): it marks them processing and queues them.
  const jobs = s.queues.get('jobs')!;
  let counters = await store.getCounters(userId);
  for (const deadline = Date.now() + 300_000; (counters.status_processed ?? 0) < N && Date.now() < deadline;) {
    await jobs.idle();
    await analysis.idle();
    counters = await store.getCounters(userId);
    if ((counters.status_processing ?? 0) === 0 && (counters.status_processed ?? 0) + (counters.status_pending ?? 0) >= N && (counters.status_processed ?? 0) > 0) break;
    if ((counters.status_processed ?? 0) < N) await sleep(50);
  }
  const seconds = (now() - t0) / 1000;
  const processed = counters.status_processed ?? 0;
  const rate = processed / seconds;
  logByCall(probe.capacity, N, 'comment', console.log);
  probe.capacity = null;
  console.log(`  POST answered 202 (${res.json.job ? `job ${res.json.job.id}` : `queued ${res.json.queued}`}) after ${(postMs / 1000).toFixed(1)} s; every comment decided ${((now() - t0 - postMs) / 1000).toFixed(1)} s later`);
  console.log(`  processed ${processed}/${N} (pending ${counters.status_pending ?? 0}, DLQ ${analysis.dlq.length}) in ${seconds.toFixed(1)} s`);
  figures.bulk_analyze_per_s = rate;
  record('4', 'Bulk analyze 5,000 end to end', `${fmt(rate)} comments/s (${processed} in ${seconds.toFixed(1)} s)`, '≥ 100 comments/s', rate >= 100 && processed === N);
}

/** 6. Issue 13 item 6: the queue, filtered All Comments and search at 100,000 comments in one workspace (scripts/bench-lists.ts). */
async function lists(s: Stack, probe: typeof import('./bench/dynamo-probe.js').probe) {
  const n = Number(process.env.BENCH_LISTS_N ?? 100_000);
  header(`Issue 13 · 6. Lists at ${n.toLocaleString('en')} comments in one workspace (seeded with BatchWrite): queue, filtered All Comments (cursor pages), search`);
  const { listFigures } = await import('./bench-lists.js');
  const f = await listFigures(s, probe, n);
  Object.assign(figures, f);
  if (n !== 100_000) notes.lists = `measured at ${n} comments (BENCH_LISTS_N), not 100,000`;
  record('13', 'Queue page p95 (100k)', `${ms(f.queue_page_p95_ms_100k)} (max ${f.queue_page_rcu_per_page_100k} RCU per request)`, 'p95 ≤ 100 ms', f.queue_page_p95_ms_100k <= 100);
  record('13', 'Filtered All Comments page p95 (100k)', ms(f.all_comments_filtered_p95_ms_100k), 'p95 ≤ 100 ms', f.all_comments_filtered_p95_ms_100k <= 100);
  record('13', 'Filtered All Comments RCU per page (max, 100k)', `${f.all_comments_filtered_rcu_per_page_100k} RCU`, '≤ 25 RCU', f.all_comments_filtered_rcu_per_page_100k <= 25);
  record('13', 'Search p95 (100k)', ms(f.search_p95_ms_100k), 'p95 ≤ 1 s', f.search_p95_ms_100k <= 1000);
}

/** 8. Issue 13 item 9: AWS cost per 1,000 comments moderated at list prices (scripts/bench-cost.ts). */
async function cost(s: Stack, probe: typeof import('./bench/dynamo-probe.js').probe, client: Client, pageId: string, postId: string) {
  header('Issue 13 · 9. AWS cost per 1,000 comments moderated (webhook → stored → decided → pushed; embedded analyser; us-east-1 list prices)');
  const { costFigures } = await import('./bench-cost.js');
  const f = await costFigures(s, probe, client, pageId, postId).catch((err: Error) => { notes.cost_per_1000_comments_usd = `not measured: ${err.message}`; console.log(`  ${notes.cost_per_1000_comments_usd}`); return null; });
  if (!f) return;
  Object.assign(figures, f);
  record('13', 'Cost per 1,000 comments moderated', `$${f.cost_per_1000_comments_usd.toFixed(4)}`, '≤ $0.05', f.cost_per_1000_comments_usd <= 0.05);
}

/**
 * Figures another module measures (issue 13 items 4 and 5), when it exists: its exported `benchFigures(stack)`
 * (or the fan-out's `measureScheduledSyncFanout({ stack })`) answers an object of figures merged into the
 * JSON; otherwise the figure stays null with a note.
 */
async function fromModule(file: string, key: string, title: string, s: Stack) {
  header(`Issue 13 · ${title}`);
  const path = new URL(`./${file}`, import.meta.url);
  if (!existsSync(path)) {
    notes[key] = `not measured: scripts/${file} does not exist yet`;
    console.log(`  ${notes[key]}`);
    return;
  }
  const mod = (await import(path.href)) as {
    benchFigures?: (stack: Stack) => Promise<Record<string, number | null>>;
    measureScheduledSyncFanout?: (opts: { stack: Stack }) => Promise<object>;
  };
  const measure = mod.benchFigures ?? (mod.measureScheduledSyncFanout && (async (stack: Stack) => (await mod.measureScheduledSyncFanout!({ stack })) as Record<string, number | null>));
  if (!measure) {
    notes[key] = `not measured: scripts/${file} exports no benchFigures(stack)`;
    console.log(`  ${notes[key]}`);
    return;
  }
  const f = await measure(s);
  Object.assign(figures, f);
  record('13', key, String(f[key] ?? 'null'), 'reported', null);
}

function printSummary() {
  header(`Summary (whole run ${((now() - startedAt) / 1000).toFixed(0)} s)`);
  const cols = [
    ['Issue', ...rows.map((r) => r.issue)],
    ['Figure', ...rows.map((r) => r.figure)],
    ['Value', ...rows.map((r) => r.value)],
    ['Goal', ...rows.map((r) => r.goal)],
    ['Met', ...rows.map((r) => (r.met === null ? '—' : r.met ? 'yes' : 'NO'))],
  ];
  const widths = cols.map((c) => Math.max(...c.map((x) => x.length)));
  const line = (i: number) => cols.map((c, k) => c[i]!.padEnd(widths[k]!)).join(' | ');
  console.log(line(0));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (let i = 1; i <= rows.length; i++) console.log(line(i));
}

main().catch(async (err) => {
  console.error('bench failed:', err);
  if (rows.length) printSummary();
  await finish(1);
});
