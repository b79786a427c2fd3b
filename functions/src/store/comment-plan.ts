/**
 * Store: how a filtered list of comments is read at any size (issue 13 item 6). The cell counts
 * (shared/src/comment-cells.ts) give the exact number of matching comments and how many of them
 * each index partition holds; the page is then read, newest first, from whichever partitioning
 * costs the fewest estimated reads:
 * - cells (gsi4: one partition per platform, account, status and sentiment),
 * - facets (gsi5: one partition per account and decision over every status and sentiment),
 * - one list (every comment gsi2, the queue gsi1, a platform's queue gsi3);
 * every partition holding matches is read with the whole filter as a FilterExpression, and several
 * are merged by their sort key (`<timestamp>#<commentId>`), each read about its share at a time.
 * Filters the cells do not know (language, category, minConfidence, author) are FilterExpressions too.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { QUEUE_STATUSES, TABLE, cellMatches, parseCellCounter, type Cell, type CellFilter } from '@cg/shared';
import type { CommentPageQuery } from '../domain/store-port.js';
import { db, table } from './client.js';
import { commentKey, tenantPk } from './keys.js';

export interface CellCount { cell: Cell; count: number }

/** Every non-empty cell of the workspace with its count (one Query over the small cell-counts items). */
export async function cellCounts(workspaceId: string): Promise<CellCount[]> {
  const out: CellCount[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': commentKey.cellCountsPrefix }, ExclusiveStartKey: start,
    }));
    for (const item of res.Items ?? []) {
      const group = (item.sk as string).slice(commentKey.cellCountsPrefix.length);
      const at = group.indexOf('#');
      const [platform, accountId] = [group.slice(0, at), group.slice(at + 1)];
      for (const [name, v] of Object.entries(item)) {
        const cell = typeof v === 'number' && v > 0 ? parseCellCounter(name, platform, accountId) : null;
        if (cell) out.push({ cell, count: v as number });
      }
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The five cell filters of a query (the queue is its three statuses, or the one asked for among them). */
export function cellFilter(q: CommentPageQuery): CellFilter {
  const statuses = q.queue ? QUEUE_STATUSES.filter((s) => !q.status || s === q.status) : q.status ? [q.status] : undefined;
  return { platform: q.platform, accountIds: q.accountIds, statuses, sentiment: q.sentiment, decision: q.decision };
}

/** Filters the cells cannot answer (applied as a FilterExpression wherever the page is read). */
export function hasResidualFilters(q: CommentPageQuery): boolean {
  return Boolean(q.language || q.category || q.minConfidence !== undefined);
}

/** One partition to read: its query (key condition and filter), its expected share of the matches and the share of its items that match. */
export interface Source { input: QueryCommandInput; share: number; density: number }

function conditions(q: CommentPageQuery, f: CellFilter): { conds: string[]; names: Record<string, string>; values: Record<string, unknown> } {
  const conds: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  // Top-level copies of the comment's fields (COMMENT_FILTER_ATTRIBUTES), which every list index projects.
  const nested = (field: string) => { names[`#${field}`] = field; return `#${field}`; };
  const decision = nested;
  if (f.statuses) { names['#st'] = 'status'; conds.push(`#st IN (${f.statuses.map((_, i) => `:st${i}`).join(', ')})`); f.statuses.forEach((s, i) => { values[`:st${i}`] = s; }); }
  if (f.sentiment) { conds.push('sentiment = :se'); values[':se'] = f.sentiment; }
  if (f.platform) { conds.push('platform = :pl'); values[':pl'] = f.platform; }
  if (f.decision) { conds.push(`${decision('decision')} = :dc`); values[':dc'] = f.decision; }
  if (f.accountIds) {
    const ids = f.accountIds.length ? f.accountIds : ['-none-'];
    conds.push(`${nested('accountId')} IN (${ids.map((_, i) => `:a${i}`).join(', ')})`);
    ids.forEach((id, i) => { values[`:a${i}`] = id; });
  }
  if (q.language) { conds.push(`${decision('language')} = :lg`); values[':lg'] = q.language; }
  if (q.category) { conds.push(`${decision('category')} = :ct`); values[':ct'] = q.category; }
  if (q.minConfidence !== undefined) { conds.push(`${decision('confidence')} >= :mc`); values[':mc'] = q.minConfidence; }
  return { conds, names, values };
}

/**
 * Size in KB of what an index returns per comment, for the read estimate (a GSI read costs 0.5 RCU
 * per 4 KB): the whole item from gsi1, the keys and filter attributes from the others, whose page is
 * then fetched by key (BatchGet: 0.5 RCU per comment up to 4 KB).
 */
const ITEM_KB = { whole: 2, projected: 0.4 };
const FETCH_PER_COMMENT = 0.5;
/** What one more Query call costs in the estimate: at least 0.5 RCU (rounded per call) and a round trip. */
const PER_CALL = 1;

export interface Plan { total: number; sources: Source[]; estimate: number; kind: string }

/** Ways to split the comments into index partitions: the partition of a cell (null: the index does not hold it). */
interface Partitioning { kind: string; index: 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4' | 'gsi5'; keyOf: (c: Cell) => string | null }

function partitionings(workspaceId: string): Partitioning[] {
  const inQueue = (c: Cell) => QUEUE_STATUSES.includes(c.status as never);
  return [
    { kind: 'cells', index: 'gsi4', keyOf: (c) => commentKey.cell(workspaceId, c) },
    { kind: 'facets', index: 'gsi5', keyOf: (c) => commentKey.facet(workspaceId, c) },
    { kind: 'all', index: 'gsi2', keyOf: () => commentKey.all(workspaceId) },
    { kind: 'queue', index: 'gsi1', keyOf: (c) => (inQueue(c) ? commentKey.queue(workspaceId) : null) },
    { kind: 'platform queue', index: 'gsi3', keyOf: (c) => (inQueue(c) ? commentKey.queueOf(workspaceId, c.platform) : null) },
  ];
}

/**
 * The cheapest way to read `want` matches of `q` (after `q.after`), with the exact total of the five
 * filters: for each way to split the comments into partitions, the partitions holding matches, each
 * read with the whole filter; estimated reads = calls + the items read to find the matches (from
 * each partition's share of matching items, known from the cell counts).
 */
export function plan(workspaceId: string, q: CommentPageQuery, counts: CellCount[], want: number): Plan {
  const f = cellFilter(q);
  const matching = counts.filter((c) => cellMatches(c.cell, f));
  const total = matching.reduce((a, c) => a + c.count, 0);
  if (!total) return { total: 0, sources: [], estimate: 0, kind: 'none' };
  const c = conditions(q, f);
  let best: Plan | null = null;
  for (const p of partitionings(workspaceId)) {
    if (matching.some((m) => p.keyOf(m.cell) === null)) continue;
    const parts = new Map<string, { all: number; match: number }>();
    for (const cc of counts) {
      const key = p.keyOf(cc.cell);
      if (key === null) continue;
      const part = parts.get(key) ?? { all: 0, match: 0 };
      part.all += cc.count;
      if (cellMatches(cc.cell, f)) part.match += cc.count;
      parts.set(key, part);
    }
    const used = [...parts].filter(([, v]) => v.match > 0);
    const itemsRead = used.reduce((a, [, v]) => a + (want * (v.match / total)) / (v.match / v.all), 0);
    const whole = TABLE.indexes.find((i) => i.name === p.index)!.projection === 'ALL';
    const estimate = used.length * PER_CALL + (itemsRead * (whole ? ITEM_KB.whole : ITEM_KB.projected)) / 8 + (whole ? 0 : want * FETCH_PER_COMMENT);
    if (best && best.estimate <= estimate) continue;
    best = { total, kind: p.kind, estimate, sources: used.map(([key, v]) => source(p.index, key, q.after, c, v.match / total, v.match / v.all)) };
  }
  return best!;
}

function source(index: string, pkValue: string, after: string | undefined, c: ReturnType<typeof conditions>, share: number, density: number): Source {
  const names: Record<string, string> = { ...c.names, '#pk': `${index}pk` };
  const values: Record<string, unknown> = { ...c.values, ':p': pkValue };
  let key = '#pk = :p';
  if (after) { key += ' AND #sk < :after'; names['#sk'] = `${index}sk`; values[':after'] = after; }
  return {
    input: { TableName: table(), IndexName: index, KeyConditionExpression: key, ExpressionAttributeNames: names, ExpressionAttributeValues: values, ...(c.conds.length ? { FilterExpression: c.conds.join(' AND ') } : {}) },
    share, density,
  };
}

/** The sort key of an item read from a plan's index (`<timestamp>#<commentId>`), for merging its partitions. */
const orderOf = (item: Record<string, unknown>) => String(item[`${item.__index}sk`] ?? '');

/**
 * Up to `want` matching items newest first, merged over the plan's partitions: each partition is
 * read a few items at a time (about its share of the page), and again only when its buffer is empty
 * while it may still hold the next newest item.
 */
export async function readMerged(p: Plan, want: number): Promise<{ items: Record<string, unknown>[]; more: boolean }> {
  const state = p.sources.map((s) => ({ s, buf: [] as Record<string, unknown>[], start: undefined as Record<string, unknown> | undefined, done: false }));
  const fill = async (st: (typeof state)[number], need: number) => {
    // A call costs 0.5 RCU per 4 KB read (at least one unit): a few items more than the share cost little and save refills.
    const limit = Math.max(3, Math.min(1000, Math.ceil((need * st.s.share * 1.25) / Math.max(st.s.density, 0.001)) + 1));
    const res = await db().send(new QueryCommand({ ...st.s.input, ScanIndexForward: false, ExclusiveStartKey: st.start, Limit: limit }));
    st.buf.push(...(res.Items ?? []).map((i) => Object.assign(i, { __index: st.s.input.IndexName })));
    st.start = res.LastEvaluatedKey;
    st.done = !st.start;
  };
  const out: Record<string, unknown>[] = [];
  while (out.length < want) {
    const empty = state.filter((st) => !st.buf.length && !st.done);
    if (empty.length) { await Promise.all(empty.map((st) => fill(st, want - out.length))); continue; }
    let best: (typeof state)[number] | null = null;
    for (const st of state) if (st.buf.length && (!best || orderOf(st.buf[0]!) > orderOf(best.buf[0]!))) best = st;
    if (!best) break;
    out.push(best.buf.shift()!);
  }
  for (const i of out) delete i.__index;
  return { items: out, more: state.some((st) => st.buf.length || !st.done) };
}

/** How many items match the plan's partitions (a COUNT over each: used only with filters the cells do not know). */
export async function countPlan(p: Plan): Promise<number> {
  let n = 0;
  await Promise.all(p.sources.map(async (s) => {
    let start: Record<string, unknown> | undefined;
    do {
      const res = await db().send(new QueryCommand({ ...s.input, Select: 'COUNT', ExclusiveStartKey: start }));
      n += res.Count ?? 0;
      start = res.LastEvaluatedKey;
    } while (start);
  }));
  return n;
}
