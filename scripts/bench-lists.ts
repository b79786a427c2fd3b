/**
 * Bench figures of issue 13 item 6: the queue, filtered All Comments and search at 100,000 comments
 * in one workspace, through the local gateway (functions in their own processes). The comments are
 * written straight into DynamoDB Local with BatchWrite (their items, search words, counters and cell
 * counts exactly as the store writes them), not through webhooks. Used by scripts/bench.ts; alone:
 * `BENCH_LISTS_N=20000 npx tsx scripts/bench-lists.ts`.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addCellDelta, recount, type CellDelta, type Comment } from '@cg/shared';
import type { Stack } from '../infra/local/stack.js';
import type { DynamoProbe } from './bench/dynamo-probe.js';
import { now, percentile, pool, register, type Client } from './bench/util.js';

export interface ListFigures {
  queue_page_p95_ms_100k: number;
  queue_page_rcu_per_page_100k: number;
  all_comments_filtered_p95_ms_100k: number;
  all_comments_filtered_rcu_per_page_100k: number;
  search_p95_ms_100k: number;
  lists_seeded_comments: number;
}

const STATUSES: [Comment['status'], number][] = [['pending', 5], ['processing', 1], ['processed', 24], ['approved', 45], ['replied', 15], ['deleted', 10]];
const SENTIMENTS: ['positive' | 'negative' | 'neutral', number][] = [['positive', 45], ['neutral', 35], ['negative', 20]];
const DECISIONS: ['ignore' | 'reply' | 'hide' | 'delete', number][] = [['ignore', 55], ['reply', 30], ['hide', 8], ['delete', 7]];
const COMMON = ['love', 'price', 'shipping', 'order', 'refund', 'colour', 'size', 'thanks', 'when', 'available', 'broken', 'gift', 'amazing', 'quality', 'delivery'];
const ACCOUNTS = [0, 1, 2].flatMap((b) => [
  { id: `fb_bench${b}`, platform: 'facebook' as const, brandId: `benchpage${b}` },
  { id: `ig_bench${b}`, platform: 'instagram' as const, brandId: `benchpage${b}` },
]);

/** A seeded random generator (mulberry32), so every run seeds the same workspace. */
function rng(seed: number) {
  return () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
function weighted<T>(r: () => number, table: [T, number][]): T {
  const sum = table.reduce((a, [, w]) => a + w, 0);
  let x = r() * sum;
  for (const [v, w] of table) { if ((x -= w) < 0) return v; }
  return table[table.length - 1]![0];
}

function makeComments(n: number, tag: string): Comment[] {
  const r = rng(13);
  // Words: a few common ones and a long tail (w0 … w4999), Zipf-like.
  const word = () => (r() < 0.4 ? COMMON[Math.floor(r() * COMMON.length)]! : `w${Math.floor(5000 * r() ** 2)}`);
  // Short comments (4-8 words) and one-word author names keep the seeding (about 8 items a comment) within minutes.
  return Array.from({ length: n }, (_, i): Comment => {
    const a = ACCOUNTS[Math.floor(r() * ACCOUNTS.length)]!;
    const status = weighted(r, STATUSES);
    const decided = status !== 'pending' && status !== 'processing';
    return {
      id: `${a.platform}_${tag}${i}`, platform: a.platform, accountId: a.id, externalId: `${tag}${i}`, authorName: `Visitor${i % 997}`, authorId: `v${i % 997}`,
      content: Array.from({ length: 4 + Math.floor(r() * 5) }, word).join(' '),
      timestamp: new Date(Date.UTC(2026, 0, 1) + i * 10_000).toISOString(), status, postId: 'benchpost', isHidden: false, lastError: null,
      aiDecision: decided ? {
        decision: weighted(r, DECISIONS), suggestedReply: '', reasoning: 'Seeded for the bench.', sentiment: weighted(r, SENTIMENTS), isSpam: false, isOffensive: false,
        confidence: 50 + Math.floor(r() * 50), language: 'en', provider: 'seed', version: '1',
      } : null,
    } as Comment;
  });
}

/** Writes comments as the store would (items, words, counters, cell counts) with BatchWrite: many at once, no transactions. */
async function seedDirect(workspaceId: string, comments: Comment[], log: (s: string) => void): Promise<void> {
  const { toItem } = await import('../functions/src/store/comments.js');
  const { searchTextOf, wordsOf } = await import('../functions/src/store/comment-words.js');
  const { commentKey } = await import('../functions/src/store/keys.js');
  const { db, table } = await import('../functions/src/store/client.js');
  const at = new Date().toISOString();
  const items: Record<string, unknown>[] = [];
  for (const c of comments) {
    items.push(toItem({ workspaceId, comment: c, review: null, version: 1, updatedAt: at }));
    for (const w of wordsOf(searchTextOf(c)).slice(0, 60)) items.push({ ...commentKey.word(workspaceId, w, commentKey.order(c.timestamp, c.id)), type: 'searchWord', id: c.id });
  }
  const t0 = now();
  let done = 0;
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, k) => items.slice(k * 25, k * 25 + 25));
  await pool(batches, 16, async (batch) => {
    let req = batch.map((Item) => ({ PutRequest: { Item } }));
    while (req.length) {
      const res = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: req } }));
      req = (res.UnprocessedItems?.[table()] ?? []) as typeof req;
    }
    done += batch.length;
    if (done % 100_000 < 25) log(`  seeded ${done}/${items.length} items (${((now() - t0) / 1000).toFixed(0)} s)`);
  });
  const add = async (key: Record<string, unknown>, counts: Record<string, number>) => {
    const names = Object.keys(counts);
    if (!names.length) return;
    await db().send(new UpdateCommand({
      TableName: table(), Key: key, UpdateExpression: `ADD ${names.map((_, i) => `#n${i} :n${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((k, i) => [`#n${i}`, k])), ExpressionAttributeValues: Object.fromEntries(names.map((k, i) => [`:n${i}`, counts[k]])),
    }));
  };
  await add(commentKey.counters(workspaceId), recount(comments.map((comment) => ({ comment, review: null }))));
  const cells: CellDelta = new Map();
  for (const c of comments) addCellDelta(cells, null, c);
  for (const [group, counts] of cells) await add(commentKey.cellCounts(workspaceId, group), counts);
  log(`  seeded ${comments.length} comments (${items.length} items with their search words) in ${((now() - t0) / 1000).toFixed(0)} s`);
}

interface Measured { ms: number[]; rcu: number[]; /** DynamoDB time (sum over each request's calls) and calls per request. */ dbMs: number[]; calls: number[]; byPath: Map<string, { ms: number[]; rcu: number[]; dbMs: number[] }> }

async function measure(client: Client, probe: DynamoProbe, paths: string[], pagesEach: number, rounds: number): Promise<Measured> {
  const out: Measured = { ms: [], rcu: [], dbMs: [], calls: [], byPath: new Map() };
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      let cursor = '';
      for (let p = 0; p < pagesEach; p++) {
        probe.capacity = [];
        const t = now();
        const res = await client.get(`${path}${cursor ? `&cursor=${cursor}` : ''}`);
        const ms = now() - t;
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
        if (round > 0) {
          const rcu = probe.capacity.reduce((a, c) => a + c.units, 0);
          const dbMs = probe.capacity.reduce((a, c) => a + c.ms, 0);
          out.ms.push(ms);
          out.rcu.push(rcu);
          out.dbMs.push(dbMs);
          out.calls.push(probe.capacity.length);
          const mine = out.byPath.get(path) ?? { ms: [], rcu: [], dbMs: [] };
          mine.ms.push(ms);
          mine.rcu.push(rcu);
          mine.dbMs.push(dbMs);
          out.byPath.set(path, mine);
        }
        if (!res.json.nextCursor) break;
        cursor = res.json.nextCursor;
      }
    }
  }
  probe.capacity = null;
  return out;
}

export async function listFigures(s: Stack, probe: DynamoProbe, n = 100_000, log: (line: string) => void = console.log): Promise<ListFigures> {
  const { client, workspaceId } = await register(s.url, 'lists');
  const workspaces = await import('../functions/src/store/workspaces.js');
  const { putAccount } = await import('../functions/src/store/accounts.js');
  await workspaces.setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
  for (const a of ACCOUNTS) {
    await putAccount({ ...a, workspaceId, accountName: a.id, externalId: a.id, encryptedToken: null, isActive: true, needsReconnect: false, syncedUntil: null, throttledUntil: null, instagramId: null, encryptedUserToken: null, connectedAt: new Date().toISOString() } as never);
  }
  await seedDirect(workspaceId, makeComments(n, `l${Date.now().toString(36)}_`), log);

  const queue = await measure(client, probe, ['/api/comments?pendingOnly=true&limit=25', '/api/comments?pendingOnly=true&platform=instagram&limit=25', '/api/comments?pendingOnly=true&limit=25&offset=100'], 5, 4);
  const filters = [
    'status=approved', 'sentiment=negative', 'platform=instagram', 'brand=fb_bench1', 'decision=hide', 'decision=delete', 'status=replied&sentiment=positive',
    'platform=facebook&decision=reply&sentiment=neutral', 'brand=ig_bench2&status=processed&decision=reply', 'brand=fb_bench0&sentiment=negative',
    'pendingOnly=true&brand=fb_bench2&decision=hide', 'pendingOnly=true&status=pending', 'status=deleted&platform=instagram',
  ];
  const all = await measure(client, probe, filters.map((f) => `/api/comments?${f}&limit=25`), 5, 3);
  const searches = ['shipping', 'refund', 'w7', 'w2500', 'love quality', 'order%20deli', 'visitor12', 'w300&status=approved', 'price&platform=instagram&sentiment=negative'];
  const search = await measure(client, probe, searches.map((q) => `/api/comments?search=${q}&limit=25`), 3, 3);

  const figures: ListFigures = {
    queue_page_p95_ms_100k: percentile(queue.ms, 95),
    queue_page_rcu_per_page_100k: Math.max(...queue.rcu),
    all_comments_filtered_p95_ms_100k: percentile(all.ms, 95),
    all_comments_filtered_rcu_per_page_100k: Math.max(...all.rcu),
    search_p95_ms_100k: percentile(search.ms, 95),
    lists_seeded_comments: n,
  };
  log(`  queue pages (${queue.ms.length}): p50 ${percentile(queue.ms, 50).toFixed(1)} ms, p95 ${figures.queue_page_p95_ms_100k.toFixed(1)} ms; RCU per request p50 ${percentile(queue.rcu, 50)}, max ${figures.queue_page_rcu_per_page_100k}`);
  log(`  filtered All Comments pages (${all.ms.length}, ${filters.length} filter mixes, 5 cursor pages each): p50 ${percentile(all.ms, 50).toFixed(1)} ms, p95 ${figures.all_comments_filtered_p95_ms_100k.toFixed(1)} ms; RCU per request p50 ${percentile(all.rcu, 50)}, max ${figures.all_comments_filtered_rcu_per_page_100k}`);
  for (const m of [queue, all, search]) {
    log(`  DynamoDB per request: ${percentile(m.calls, 50)} calls, their time summed p50 ${percentile(m.dbMs, 50).toFixed(1)} ms, p95 ${percentile(m.dbMs, 95).toFixed(1)} ms`);
    for (const [path, v] of m.byPath) log(`    ${path}: p50 ${percentile(v.ms, 50).toFixed(0)} ms, max ${Math.max(...v.ms).toFixed(0)} ms; DynamoDB summed p50 ${percentile(v.dbMs, 50).toFixed(0)} ms; RCU p50 ${percentile(v.rcu, 50)}, max ${Math.max(...v.rcu)}`);
  }
  log(`  search pages (${search.ms.length}): p50 ${percentile(search.ms, 50).toFixed(1)} ms, p95 ${figures.search_p95_ms_100k.toFixed(1)} ms; RCU per request p50 ${percentile(search.rcu, 50)}, max ${Math.max(...search.rcu)}`);
  return figures;
}

// Alone: its own stack.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { startStack } = await import('../infra/local/stack.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-bench-lists-'));
  const stack = await startStack({ dataDir, persist: false, observeDynamo: true, env: { RATE_LIMIT_PER_IP: '10000000' } });
  try {
    const { installProbe, probe } = await import('./bench/dynamo-probe.js');
    installProbe(stack.dynamo!);
    console.log(JSON.stringify(await listFigures(stack, probe, Number(process.env.BENCH_LISTS_N ?? 100_000)), null, 2));
  } finally {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}
