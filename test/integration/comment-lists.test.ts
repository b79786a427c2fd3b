/**
 * Filtered lists at size (issue 13 item 6): cursor pages of every mix of filters return exactly the
 * comments an independent filter of the seeded data gives, in order; totals match; deep offsets are
 * refused naming the cursor; search finds by word; one filtered page reads a bounded capacity.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@cg/shared';
import { signedIn, type Client } from '../support/client.js';
import { decision, store } from '../support/seed.js';

const N = 3_000;
const STATUSES = ['pending', 'processing', 'processed', 'approved', 'replied', 'deleted'] as const;
const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
const DECISIONS = ['reply', 'delete', 'hide', 'ignore'] as const;
const WORDS = ['refund', 'shipping', 'lovely', 'broken', 'colour', 'size', 'gift', 'Ärger', 'price'];
// Three brands, each a Facebook page and an Instagram account.
const ACCOUNTS = [0, 1, 2].flatMap((b) => [
  { id: `fb_b${b}`, platform: 'facebook' as const, brandId: `page${b}` },
  { id: `ig_b${b}`, platform: 'instagram' as const, brandId: `page${b}` },
]);

let client: Client;
let workspace = '';
let seeded: Comment[] = [];
const run = Date.now().toString(36);

beforeAll(async () => {
  const me = await signedIn('lists');
  client = me.client;
  const ws = me.user.workspaceId as string;
  workspace = ws;
  const { putAccount } = await import('../../functions/src/store/accounts.js');
  for (const a of ACCOUNTS) {
    await putAccount({ ...a, workspaceId: ws, accountName: a.id, externalId: a.id, encryptedToken: null, isActive: true, needsReconnect: false, syncedUntil: null, throttledUntil: null, instagramId: null, encryptedUserToken: null, connectedAt: new Date().toISOString() } as never);
  }
  // A deterministic spread over every filter (a linear congruential generator, so a failure repeats).
  let x = 7;
  const rnd = (n: number) => { x = (x * 1103515245 + 12345) % 2 ** 31; return Math.floor((x / 2 ** 31) * n); };
  seeded = Array.from({ length: N }, (_, i): Comment => {
    const a = ACCOUNTS[rnd(ACCOUNTS.length)]!;
    const status = STATUSES[rnd(STATUSES.length)]!;
    const decided = status !== 'pending' && status !== 'processing';
    return {
      id: `${a.platform}_l${run}_${i}`, platform: a.platform, accountId: a.id, authorName: `Author ${i % 50}`, authorId: `au${i % 50}`,
      content: `Comment ${i} about ${WORDS[rnd(WORDS.length)]} and ${WORDS[rnd(WORDS.length)]}`,
      timestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000 + rnd(3) * 500).toISOString(), status,
      aiDecision: decided ? decision({ sentiment: SENTIMENTS[rnd(3)], decision: DECISIONS[rnd(4)], confidence: 50 + rnd(50) }) : null,
    };
  });
  for (let i = 0; i < N; i += 500) await store.insertNew(ws, seeded.slice(i, i + 500));
}, 300_000);

type Filter = Partial<Record<'pendingOnly' | 'status' | 'sentiment' | 'platform' | 'brand' | 'decision', string>>;

/** The independent answer: the seeded comments that pass the filter, newest first. */
function expected(f: Filter): string[] {
  const brandAccounts = f.brand ? ACCOUNTS.filter((a) => a.brandId === ACCOUNTS.find((b) => b.id === f.brand)!.brandId).map((a) => a.id) : null;
  return seeded
    .filter((c) => (!f.pendingOnly || ['pending', 'processing', 'processed'].includes(c.status))
      && (!f.status || c.status === f.status) && (!f.platform || c.platform === f.platform)
      && (!f.sentiment || c.aiDecision?.sentiment === f.sentiment) && (!f.decision || c.aiDecision?.decision === f.decision)
      && (!brandAccounts || brandAccounts.includes(c.accountId!)))
    .sort((a, b) => (b.timestamp === a.timestamp ? (b.id < a.id ? -1 : 1) : b.timestamp < a.timestamp ? -1 : 1))
    .map((c) => c.id);
}

async function pagesOf(f: Filter, limit: number, maxPages = 1_000): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < maxPages; n++) {
    const qs = new URLSearchParams({ ...f, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await client.get(`/api/comments?${qs}`);
    expect(res.status, res.text).toBe(200);
    ids.push(...res.json.comments.map((c: Comment) => c.id));
    totals.push(res.json.total);
    if (!res.json.nextCursor) break;
    cursor = res.json.nextCursor;
  }
  return { ids, totals };
}

describe('filtered comment lists at size', () => {
  const mixes: Filter[] = [
    { status: 'approved' },
    { sentiment: 'negative' },
    { platform: 'instagram' },
    { brand: 'fb_b1' },
    { decision: 'hide' },
    { status: 'replied', sentiment: 'positive' },
    { platform: 'facebook', decision: 'delete', sentiment: 'neutral' },
    { brand: 'ig_b2', status: 'processed', decision: 'reply' },
    { pendingOnly: 'true', platform: 'instagram' },
    { pendingOnly: 'true', brand: 'fb_b0', decision: 'ignore' },
    { pendingOnly: 'true', status: 'pending' },
    // The other mixes `npm run bench` measures (scripts/bench-lists.ts).
    { decision: 'delete' },
    { brand: 'fb_b0', sentiment: 'negative' },
    { pendingOnly: 'true', brand: 'fb_b2', decision: 'hide' },
    { status: 'deleted', platform: 'instagram' },
    { platform: 'facebook', decision: 'reply', sentiment: 'neutral' },
  ];

  it.each(mixes)('cursor pages of %o are exactly the matching comments, newest first, with the matching total', async (f) => {
    const want = expected(f);
    expect(want.length).toBeGreaterThan(0);
    const { ids, totals } = await pagesOf(f, 100);
    expect(ids).toEqual(want);
    expect(new Set(totals)).toEqual(new Set([want.length]));
  }, 120_000);

  it('shallow offsets keep the offset contract; offsets past 1,000 are refused naming the cursor', async () => {
    const want = expected({ sentiment: 'positive' });
    const page = (await client.get('/api/comments?sentiment=positive&limit=25&offset=50')).json;
    expect(page.comments.map((c: Comment) => c.id)).toEqual(want.slice(50, 75));
    const deep = await client.get('/api/comments?limit=25&offset=1025');
    expect(deep.status).toBe(400);
    expect(deep.json.message).toContain('cursor');
    expect(deep.json.errors.map((e: { field: string }) => e.field)).toContain('cursor');
    expect((await client.get('/api/comments?pendingOnly=true&limit=25&offset=2000')).status).toBe(400);
  });

  it('search finds comments by word (any case, with filters, paged by cursor)', async () => {
    const hasWord = (c: Comment, w: string) => c.content.toLowerCase().split(/[^\p{L}\p{N}]+/u).includes(w);
    const byTime = (a: Comment, b: Comment) => (b.timestamp === a.timestamp ? (b.id < a.id ? -1 : 1) : b.timestamp < a.timestamp ? -1 : 1);
    const refund = seeded.filter((c) => hasWord(c, 'refund')).sort(byTime).map((c) => c.id);
    const { ids, totals } = await pagesOf({ search: 'REFUND' } as Filter, 100);
    expect(ids).toEqual(refund);
    expect(totals[0]).toBe(refund.length);
    const both = seeded.filter((c) => hasWord(c, 'ärger') && hasWord(c, 'gift') && c.status === 'approved').sort(byTime).map((c) => c.id);
    expect(both.length).toBeGreaterThan(0);
    expect((await pagesOf({ search: 'gift ärger', status: 'approved' } as Filter, 10)).ids).toEqual(both);
    const one = seeded[1234]!;
    const found = (await client.get(`/api/comments?search=${encodeURIComponent(one.content)}`)).json;
    expect(found.comments.map((c: Comment) => c.id)).toEqual([one.id]);
    expect((await client.get('/api/comments?search=nosuchwordanywhere')).json).toMatchObject({ comments: [], total: 0 });
  }, 120_000);

  it('one filtered page reads a bounded capacity (consumed RCU reported by DynamoDB Local)', async () => {
    const { db } = await import('../../functions/src/store/client.js');
    const queue = await import('../../functions/src/domain/queue.js');
    const units: number[] = [];
    const dynamo = db();
    dynamo.middlewareStack.add((next) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const cc = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      for (const c of Array.isArray(cc) ? cc : cc ? [cc] : []) units.push(Number(c.CapacityUnits ?? 0));
      return out;
    }, { step: 'initialize', name: 'capacityProbe' });
    try {
      // Every mix the correctness test and the bench use, the plain queue and a platform's queue; shallow offsets too.
      const all: Filter[] = [{ pendingOnly: 'true' }, { status: 'approved', decision: 'hide' }, { brand: 'fb_b1', sentiment: 'positive' }, ...mixes];
      for (const f of all) {
        const q = { ...f, ...(f.pendingOnly ? { pendingOnly: true } : {}) };
        const want = expected(f);
        units.length = 0;
        const page = await queue.listComments(workspace, { ...q, limit: 25 } as never);
        expect(page.comments.map((c) => c.id)).toEqual(want.slice(0, 25));
        expect(units.reduce((a, b) => a + b, 0), `RCU for ${JSON.stringify(f)}`).toBeLessThanOrEqual(25);
        if (!page.nextCursor) continue;
        units.length = 0;
        const next = await queue.listComments(workspace, { ...q, limit: 25, cursor: page.nextCursor } as never);
        expect(next.comments.map((c) => c.id)).toEqual(want.slice(25, 50));
        expect(units.reduce((a, b) => a + b, 0), `RCU for the next page of ${JSON.stringify(f)}`).toBeLessThanOrEqual(25);
      }
      units.length = 0;
      const deeper = await queue.listComments(workspace, { pendingOnly: true, limit: 25, offset: 100 } as never);
      expect(deeper.comments.map((c) => c.id)).toEqual(expected({ pendingOnly: 'true' }).slice(100, 125));
      expect(units.reduce((a, b) => a + b, 0), 'RCU for the queue at offset 100').toBeLessThanOrEqual(25);
      // Search reads are bounded too: probes of each word, the lead's comments (at most 60 per request) and a capped count.
      for (const search of ['refund', 'gift ärger', 'pri', 'author 7', 'shipping colour']) {
        units.length = 0;
        const found = await queue.listComments(workspace, { search, limit: 25 } as never);
        expect(found.comments.length, search).toBeGreaterThan(0);
        expect(units.reduce((a, b) => a + b, 0), `RCU for the search ${search}`).toBeLessThanOrEqual(60);
      }
    } finally {
      dynamo.middlewareStack.remove('capacityProbe');
    }
  }, 180_000);
});
