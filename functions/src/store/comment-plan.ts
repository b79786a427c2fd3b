/**
 * Store: how a filtered list of comments is read at any size (issue 13 item 6). The cell counts
 * (shared/src/comment-cells.ts) give the exact number of matching comments and which cells hold
 * them; the page is then read, newest first, from whichever of these costs the fewest reads:
 * - the matching cells (gsi4: one partition per platform, account, status, sentiment, decision),
 * - the matching facets (gsi5: one partition per status, sentiment, decision over every account),
 *   filtered on the platform or brand,
 * - one list (every comment gsi2, the queue gsi1, a platform's queue gsi3) filtered on the rest;
 * several partitions are merged by their sort key (`<timestamp>#<commentId>`), each read a little
 * at a time. Filters the cells do not know (language, category, minConfidence, author) are
 * FilterExpressions on the chosen partitions.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { QUEUE_STATUSES, cellMatches, parseCellCounter, type Cell, type CellFilter } from '@cg/shared';
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
  return Boolean(q.language || q.category || q.minConfidence !== undefined || q.authorId);
}

/** One partition to read: its query (key condition and filter) and its expected share of the matches. */
export interface Source { input: QueryCommandInput; share: number; density: number }

interface Conditions { conds: string[]; names: Record<string, string>; values: Record<string, unknown> }

function conditions(q: CommentPageQuery, f: CellFilter, which: { cell: boolean }): Conditions {
  const c: Conditions = { conds: [], names: {}, values: {} };
  const nested = (field: string) => { c.names['#c'] = 'comment'; c.names[`#${field}`] = field; return `#c.#${field}`; };
  const decision = (field: string) => { c.names['#c'] = 'comment'; c.names['#d'] = 'aiDecision'; c.names[`#${field}`] = field; return `#c.#d.#${field}`; };
  if (which.cell) {
    if (f.statuses) { c.names['#st'] = 'status'; c.conds.push(`#st IN (${f.statuses.map((_, i) => `:st${i}`).join(', ')})`); f.statuses.forEach((s, i) => { c.values[`:st${i}`] = s; }); }
    if (f.sentiment) { c.conds.push('sentiment = :se'); c.values[':se'] = f.sentiment; }
    if (f.platform) { c.conds.push('platform = :pl'); c.values[':pl'] = f.platform; }
    if (f.decision) { c.conds.push(`${decision('decision')} = :dc`); c.values[':dc'] = f.decision; }
    if (f.accountIds) {
      const ids = f.accountIds.length ? f.accountIds : ['-none-'];
      c.conds.push(`${nested('accountId')} IN (${ids.map((_, i) => `:a${i}`).join(', ')})`);
      ids.forEach((id, i) => { c.values[`:a${i}`] = id; });
    }
  }
  if (q.language) { c.conds.push(`${decision('language')} = :lg`); c.values[':lg'] = q.language; }
  if (q.category) { c.conds.push(`${decision('category')} = :ct`); c.values[':ct'] = q.category; }
  if (q.minConfidence !== undefined) { c.conds.push(`${decision('confidence')} >= :mc`); c.values[':mc'] = q.minConfidence; }
  if (q.authorId) { c.conds.push(`${nested('authorId')} = :au`); c.values[':au'] = q.authorId; }
  return c;
}

function source(index: string, pkValue: string, after: string | undefined, c: Conditions, share: number, density: number): Source {
  const n = index.replace('gsi', '');
  const names: Record<string, string> = { ...c.names, '#pk': `gsi${n}pk` };
  const values: Record<string, unknown> = { ...c.values, ':p': pkValue };
  let key = '#pk = :p';
  if (after) { key += ' AND #sk < :after'; names['#sk'] = `gsi${n}sk`; values[':after'] = after; }
  return {
    input: { TableName: table(), IndexName: index, KeyConditionExpression: key, ExpressionAttributeNames: names, ExpressionAttributeValues: values, ...(c.conds.length ? { FilterExpression: c.conds.join(' AND ') } : {}) },
    share, density,
  };
}

/** Average stored comment size in KB, for the read estimate (a GSI read costs 0.5 RCU per 4 KB). */
const COMMENT_KB = 1.5;
/** Reads cost at least 0.5 RCU per Query call. */
const rcuOf = (calls: number, items: number) => calls * 0.5 + (items * COMMENT_KB) / 8;

export interface Plan { total: number; sources: Source[]; estimate: number; kind: 'cells' | 'facets' | 'list' }

/** The cheapest way to read `want` matches of `q` (after `q.after`), with the exact total of the five filters. */
export function plan(workspaceId: string, q: CommentPageQuery, counts: CellCount[], want: number): Plan {
  const f = cellFilter(q);
  const matching = counts.filter((c) => cellMatches(c.cell, f));
  const total = matching.reduce((a, c) => a + c.count, 0);
  if (!total) return { total: 0, sources: [], estimate: 0, kind: 'cells' };
  const residual = conditions(q, f, { cell: false });
  const options: Plan[] = [];
  // Cells: exact partitions.
  options.push({
    total, kind: 'cells',
    sources: matching.map((m) => source('gsi4', commentKey.cell(workspaceId, m.cell), q.after, residual, m.count / total, 1)),
    estimate: rcuOf(matching.length, want + matching.length),
  });
  // Facets: status/sentiment/decision partitions over every account, filtered on platform and accounts.
  const facets = new Map<string, { cell: Cell; all: number; match: number }>();
  for (const c of counts) {
    const key = commentKey.facet(workspaceId, c.cell);
    const fm = facets.get(key) ?? { cell: c.cell, all: 0, match: 0 };
    fm.all += c.count;
    if (cellMatches(c.cell, f)) fm.match += c.count;
    facets.set(key, fm);
  }
  const usedFacets = [...facets].filter(([, v]) => v.match > 0);
  const facetAll = usedFacets.reduce((a, [, v]) => a + v.all, 0);
  const byAccount = conditions(q, { platform: f.platform, accountIds: f.accountIds }, { cell: true });
  const facetConds = { conds: [...byAccount.conds, ...residual.conds], names: { ...byAccount.names, ...residual.names }, values: { ...byAccount.values, ...residual.values } };
  options.push({
    total, kind: 'facets',
    sources: usedFacets.map(([key, v]) => source('gsi5', key, q.after, facetConds, v.match / total, v.match / v.all)),
    estimate: rcuOf(usedFacets.length, (want * facetAll) / total + usedFacets.length),
  });
  // One list filtered on everything.
  const inQueue = (c: Cell) => QUEUE_STATUSES.includes(c.status as never);
  const queueOnly = Boolean(f.statuses?.every((s) => QUEUE_STATUSES.includes(s as never)));
  const listOf = queueOnly
    ? f.platform ? { index: 'gsi3', pk: commentKey.queueOf(workspaceId, f.platform), size: counts.filter((c) => inQueue(c.cell) && c.cell.platform === f.platform) }
      : { index: 'gsi1', pk: commentKey.queue(workspaceId), size: counts.filter((c) => inQueue(c.cell)) }
    : { index: 'gsi2', pk: commentKey.all(workspaceId), size: counts };
  const listSize = listOf.size.reduce((a, c) => a + c.count, 0);
  options.push({
    total, kind: 'list',
    sources: [source(listOf.index, listOf.pk, q.after, conditions(q, f, { cell: true }), 1, total / Math.max(1, listSize))],
    estimate: rcuOf(1, (want * listSize) / total),
  });
  return options.reduce((best, o) => (o.sources.length && o.estimate < best.estimate ? o : best));
}

/** The sort key every comment item carries (the All index's), for merging partitions. */
const orderOf = (item: Record<string, unknown>) => String(item.gsi2sk ?? '');

/**
 * Up to `want` matching items newest first, merged over the plan's partitions: each partition is
 * read a few items at a time (about its share of the page), and again only when its buffer is empty
 * while it may still hold the next newest item.
 */
export async function readMerged(p: Plan, want: number): Promise<{ items: Record<string, unknown>[]; more: boolean }> {
  const state = p.sources.map((s) => ({ s, buf: [] as Record<string, unknown>[], start: undefined as Record<string, unknown> | undefined, done: false }));
  const fill = async (st: (typeof state)[number], need: number) => {
    const limit = Math.max(2, Math.min(1000, Math.ceil((need * Math.max(st.s.share, 0.02) * 1.25) / Math.max(st.s.density, 0.001)) + 1));
    const res = await db().send(new QueryCommand({ ...st.s.input, ScanIndexForward: false, ExclusiveStartKey: st.start, Limit: limit }));
    st.buf.push(...(res.Items ?? []));
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
