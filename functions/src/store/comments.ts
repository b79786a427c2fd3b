/**
 * Store: comments, their counters and the activity log. Every write is one transaction: the
 * comment (guarded by its version), the counters delta and, when given, an activity entry.
 */
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { Comment, COMMENTS_PER_TRANSACTION, QUEUE_STATUSES, type Activity, type CommentsQuery, type Platform } from '@cg/shared';
import { counterDelta, type CounterDelta, type Review } from '@cg/shared';
import { addCellDelta, cellOf, type CellDelta } from '@cg/shared';
import { putWords, updateWords } from './comment-words.js';
import type { StoredComment } from '../domain/model.js';
export type { StoredComment };
import { UnreadableItem } from '../domain/store-errors.js';
import { db, isConditionFailure, table, withConflictRetry } from './client.js';
import { commentKey, tenantPk } from './keys.js';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** The item version of comments (`sv`): 6 carries the filter attributes the FILTERS indexes project (shared/src/table.ts), 7 the author index's keys; older ones are brought forward by scripts/backfill.ts. */
export const COMMENT_ITEM_VERSION = 7;

/** The filter attributes of a comment item (COMMENT_FILTER_ATTRIBUTES but `type`): copies of its fields, absent when the field is. */
export function filterAttributes(c: Comment): Record<string, unknown> {
  const d = c.aiDecision;
  return {
    status: c.status, platform: c.platform, sentiment: d?.sentiment ?? null,
    ...(c.accountId ? { accountId: c.accountId } : {}), authorId: c.authorId,
    ...(d ? { decision: d.decision, language: d.language, confidence: d.confidence, ...(d.category ? { category: d.category } : {}) } : {}),
  };
}

/** The author index's keys of a comment (gsi6: the author's comments in the workspace, newest first). */
export function authorKeys(workspaceId: string, c: Comment): { gsi6pk: string; gsi6sk: string } {
  return { gsi6pk: commentKey.author(workspaceId, c.platform, c.authorId), gsi6sk: commentKey.order(c.timestamp, c.id) };
}

/** The stored item of a comment (its keys, index keys and filter attributes); exported for the bench's direct seeding. */
export function toItem(s: StoredComment): Record<string, unknown> {
  const c = s.comment;
  const order = commentKey.order(c.timestamp, c.id);
  const inQueue = QUEUE_STATUSES.includes(c.status);
  return {
    ...commentKey.item(s.workspaceId, c.id), type: 'comment', sv: COMMENT_ITEM_VERSION, workspaceId: s.workspaceId, version: s.version, updatedAt: s.updatedAt, review: s.review,
    ...(s.analysisRetries ? { analysisRetries: s.analysisRetries } : {}),
    comment: c, ...filterAttributes(c),
    gsi2pk: commentKey.all(s.workspaceId), gsi2sk: order, ...authorKeys(s.workspaceId, c),
    gsi4pk: commentKey.cell(s.workspaceId, cellOf(c)), gsi4sk: order, gsi5pk: commentKey.facet(s.workspaceId, cellOf(c)), gsi5sk: order,
    ...(inQueue ? { gsi1pk: commentKey.queue(s.workspaceId), gsi1sk: order, gsi3pk: commentKey.queueOf(s.workspaceId, c.platform), gsi3sk: order } : {}),
  };
}

/** Throws UnreadableItem when the stored comment does not match the schema (a corrupt or hand-written item). */
function fromItem(item: Record<string, unknown>): StoredComment {
  const comment = Comment.safeParse(item.comment);
  const version = Number(item.version);
  if (!comment.success || typeof item.workspaceId !== 'string' || !Number.isInteger(version)) {
    const detail = comment.success ? 'workspaceId or version' : comment.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'comment'}: ${i.message}`).join('; ');
    throw new UnreadableItem({ pk: String(item.pk), sk: String(item.sk) }, 'comment', detail);
  }
  const retries = Number(item.analysisRetries);
  return {
    workspaceId: item.workspaceId, version, updatedAt: item.updatedAt as string, review: (item.review as Review) ?? null, comment: comment.data,
    ...(retries > 0 ? { analysisRetries: retries } : {}),
  };
}

/** Reads many items, skipping (and logging with its key) any that cannot be read, so one corrupt item never fails a list or a batch. */
function readable(items: Record<string, unknown>[]): StoredComment[] {
  const out: StoredComment[] = [];
  for (const item of items) {
    try {
      out.push(fromItem(item));
    } catch (err) {
      if (!(err instanceof UnreadableItem)) throw err;
      console.warn('[store] skipped an unreadable comment', JSON.stringify(err.key), err.detail);
    }
  }
  return out;
}

function countersUpdate(workspaceId: string, delta: CounterDelta): TransactItem | null {
  const keys = Object.keys(delta);
  if (!keys.length) return null;
  return {
    Update: {
      TableName: table(), Key: commentKey.counters(workspaceId),
      UpdateExpression: `ADD ${keys.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(keys.map((k, i) => [`#c${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(keys.map((k, i) => [`:c${i}`, delta[k]])),
    },
  };
}

/** The cell counts' changes (shared/src/comment-cells.ts): one ADD per account touched. */
function cellUpdates(workspaceId: string, delta: CellDelta): TransactItem[] {
  return [...delta].map(([group, counts]) => {
    const names = Object.keys(counts);
    return {
      Update: {
        TableName: table(), Key: commentKey.cellCounts(workspaceId, group),
        UpdateExpression: `ADD ${names.map((_, i) => `#n${i} :n${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((k, i) => [`#n${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(names.map((k, i) => [`:n${i}`, counts[k]])),
      },
    };
  });
}

function activityPut(workspaceId: string, description: string, now: string): TransactItem {
  const id = randomUUID();
  return { Put: { TableName: table(), Item: { ...commentKey.activity(workspaceId, now, id), type: 'activity', id, description, executedAt: now } } };
}

export async function getComment(workspaceId: string, commentId: string): Promise<StoredComment | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: commentKey.item(workspaceId, commentId), ConsistentRead: true }));
  if (!res.Item) return null;
  try {
    return fromItem(res.Item);
  } catch (err) {
    if (err instanceof UnreadableItem) console.warn('[store] unreadable comment', JSON.stringify(err.key), err.detail);
    throw err;
  }
}

/**
 * Writes a new state of a comment. `before` null means insert-if-absent. Returns false when the
 * comment changed meanwhile (or already exists), in which case nothing was written.
 */
export async function writeComment(before: StoredComment | null, after: Omit<StoredComment, 'version' | 'updatedAt'>, activity?: string): Promise<StoredComment | null> {
  const now = new Date().toISOString();
  const next: StoredComment = { ...after, version: (before?.version ?? 0) + 1, updatedAt: now };
  const items: TransactItem[] = [{
    Put: {
      TableName: table(), Item: toItem(next),
      ConditionExpression: before ? 'version = :v' : 'attribute_not_exists(pk)',
      ...(before ? { ExpressionAttributeValues: { ':v': before.version } } : {}),
    },
  }];
  const counters = countersUpdate(after.workspaceId, counterDelta(before, next));
  if (counters) items.push(counters);
  items.push(...cellUpdates(after.workspaceId, addCellDelta(new Map(), before?.comment ?? null, next.comment)));
  if (activity) items.push(activityPut(after.workspaceId, activity, now));
  try {
    await withConflictRetry(() => db().send(new TransactWriteCommand({ TransactItems: items })));
    if (!before) await putWords(after.workspaceId, [next.comment]);
    else await updateWords(after.workspaceId, [{ before: before.comment, after: next.comment }]);
    return next;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** The ids among `ids` (at most 100) that are already stored for the user: one keys-only BatchGet. */
/** Reads many comments' items (strongly consistent), 100 keys per call, retrying unprocessed keys. */
async function batchGet(workspaceId: string, ids: string[], projection?: { expression: string; names: Record<string, string> }, consistent = true): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] = ids.slice(i, i + 100).map((id) => commentKey.item(workspaceId, id));
    for (let round = 0; keys.length && round < 10; round++) {
      const res = await db().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys, ConsistentRead: consistent, ...(projection ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names } : {}) } } }));
      out.push(...(res.Responses?.[table()] ?? []));
      keys = (res.UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
      if (keys.length) await new Promise((r) => setTimeout(r, 20 * 2 ** round));
    }
    if (keys.length) throw new Error('BatchGet kept returning unprocessed keys');
  }
  return out;
}

/**
 * Items read from an index that projects only the filter attributes (shared/src/table.ts) brought to
 * whole comments: one BatchGet (eventually consistent, like the index) for those without `comment`,
 * in the order given; an item deleted meanwhile is left out.
 */
export async function wholeItems(items: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const partial = items.filter((i) => i.comment === undefined);
  if (!partial.length) return items;
  const byWorkspace = new Map<string, string[]>();
  for (const i of partial) {
    const ws = String(i.pk).slice('WS#'.length);
    byWorkspace.set(ws, [...(byWorkspace.get(ws) ?? []), String(i.sk).slice('COMMENT#'.length)]);
  }
  const found = new Map<string, Record<string, unknown>>();
  for (const [ws, ids] of byWorkspace) for (const item of await batchGet(ws, ids, undefined, false)) found.set(`${item.pk}|${item.sk}`, item);
  return items.flatMap((i) => (i.comment !== undefined ? [i] : found.has(`${i.pk}|${i.sk}`) ? [found.get(`${i.pk}|${i.sk}`)!] : []));
}

async function existingIds(workspaceId: string, ids: string[]): Promise<Set<string>> {
  const items = await batchGet(workspaceId, ids, { expression: '#c.#i', names: { '#c': 'comment', '#i': 'id' } });
  return new Set(items.map((item) => (item.comment as { id: string }).id));
}

/** The stored comments among `ids` (missing and unreadable ones are left out). */
export async function getComments(workspaceId: string, ids: string[], opts: { consistent?: boolean } = {}): Promise<StoredComment[]> {
  return readable(await batchGet(workspaceId, ids, undefined, opts.consistent ?? true));
}

/**
 * Writes new states of many comments, up to 90 per transaction with one counters update, each guarded
 * by its version. A chunk that loses a race falls back to one write per comment; returns what was written.
 */
export async function writeMany(changes: { before: StoredComment; after: Omit<StoredComment, 'version' | 'updatedAt'> }[]): Promise<StoredComment[]> {
  const written: StoredComment[] = [];
  for (const chunk of transactionChunks(changes, (c) => [c.after.workspaceId, `${c.after.workspaceId}|${cellOf(c.before.comment).platform}#${cellOf(c.before.comment).accountId}`, `${c.after.workspaceId}|${cellOf(c.after.comment).platform}#${cellOf(c.after.comment).accountId}`])) {
    const now = new Date().toISOString();
    const next = chunk.map(({ before, after }): StoredComment => ({ ...after, version: before.version + 1, updatedAt: now }));
    const items: TransactItem[] = chunk.map(({ before }, n) => ({ Put: { TableName: table(), Item: toItem(next[n]!), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before.version } } }));
    const byWorkspace = new Set(chunk.map((c) => c.after.workspaceId));
    for (const workspaceId of byWorkspace) {
      const userDelta: CounterDelta = {};
      chunk.forEach(({ before, after }, n) => { if (after.workspaceId === workspaceId) for (const [k, v] of Object.entries(counterDelta(before, next[n]!))) userDelta[k] = (userDelta[k] ?? 0) + v; });
      const counters = countersUpdate(workspaceId, userDelta);
      if (counters) items.push(counters);
      const cells: CellDelta = new Map();
      chunk.forEach(({ before, after }, n) => { if (after.workspaceId === workspaceId) addCellDelta(cells, before.comment, next[n]!.comment); });
      items.push(...cellUpdates(workspaceId, cells));
    }
    try {
      await withConflictRetry(() => db().send(new TransactWriteCommand({ TransactItems: items })));
      written.push(...next);
      for (const workspaceId of byWorkspace) await updateWords(workspaceId, chunk.flatMap(({ before }, n) => (next[n]!.workspaceId === workspaceId ? [{ before: before.comment, after: next[n]!.comment }] : [])));
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      for (const { before, after } of chunk) { const w = await writeComment(before, after); if (w) written.push(w); }
    }
  }
  return written;
}

/**
 * Splits writes into transactions of at most 100 items: each write is one item, plus one counters
 * or cell-counts update per distinct key `extra` names (at most 90 writes per transaction).
 */
function transactionChunks<T>(all: T[], extra: (t: T) => string[]): T[][] {
  const out: T[][] = [];
  let chunk: T[] = [];
  let keys = new Set<string>();
  for (const t of all) {
    const more = extra(t).filter((k) => !keys.has(k));
    if (chunk.length && (chunk.length + 1 + keys.size + more.length > 99 || chunk.length === COMMENTS_PER_TRANSACTION)) { out.push(chunk); chunk = []; keys = new Set(); }
    chunk.push(t);
    for (const k of extra(t)) keys.add(k);
  }
  if (chunk.length) out.push(chunk);
  return out;
}

/** Inserts comments that are not stored yet (idempotent); returns the ones actually added. Their search words are written too unless the caller writes them itself (putSearchWords). */
export async function insertNew(workspaceId: string, comments: Comment[], opts: { searchWords?: boolean } = {}): Promise<Comment[]> {
  const added: Comment[] = [];
  for (const chunk of transactionChunks(comments, (c) => [`${cellOf(c).platform}#${cellOf(c).accountId}`])) {
    added.push(...(await insertChunk(workspaceId, chunk, true)));
  }
  if (opts.searchWords !== false) await putWords(workspaceId, added);
  return added;
}

export { putWords as putSearchWords };

/**
 * One transaction for up to 90 comments. When some already exist (a re-sync walks over stored
 * comments), the chunk is retried once with only the absent ones (found with one BatchGet) instead
 * of one write per comment; per-comment writes remain the fallback for a concurrent insert.
 */
async function insertChunk(workspaceId: string, chunk: Comment[], retry: boolean): Promise<Comment[]> {
  if (!chunk.length) return [];
  const now = new Date().toISOString();
  const stored = chunk.map((comment): StoredComment => ({ workspaceId, comment, review: null, version: 1, updatedAt: now }));
  const delta: CounterDelta = {};
  for (const s of stored) for (const [k, v] of Object.entries(counterDelta(null, s))) delta[k] = (delta[k] ?? 0) + v;
  const items: TransactItem[] = stored.map((s) => ({ Put: { TableName: table(), Item: toItem(s), ConditionExpression: 'attribute_not_exists(pk)' } }));
  const counters = countersUpdate(workspaceId, delta);
  if (counters) items.push(counters);
  const cells: CellDelta = new Map();
  for (const s of stored) addCellDelta(cells, null, s.comment);
  items.push(...cellUpdates(workspaceId, cells));
  try {
    await withConflictRetry(() => db().send(new TransactWriteCommand({ TransactItems: items })));
    return chunk;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  if (retry) {
    const existing = await existingIds(workspaceId, chunk.map((c) => c.id));
    return insertChunk(workspaceId, chunk.filter((c) => !existing.has(c.id)), false);
  }
  const added: Comment[] = [];
  for (const c of chunk) if (await writeComment(null, { workspaceId, comment: c, review: null })) added.push(c);
  return added;
}

export async function getCounters(workspaceId: string): Promise<Record<string, number>> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: commentKey.counters(workspaceId) }));
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(res.Item ?? {})) if (typeof v === 'number') out[k] = v;
  return out;
}

/**
 * Reads a page of `offset`+`limit` from an index, newest first, applying an optional filter.
 * Without a filter the first `offset` entries are skipped reading their keys only (same capacity,
 * but far less data to transfer, unmarshal and parse), then just the page is read in full.
 */
async function page(input: QueryCommandInput, offset: number, limit: number): Promise<StoredComment[]> {
  if (!input.FilterExpression && offset > 0) {
    let after: Record<string, unknown> | undefined;
    for (let skipped = 0; skipped < offset;) {
      const res = await db().send(new QueryCommand({
        ...input, ScanIndexForward: false, ExclusiveStartKey: after, Limit: Math.min(1000, offset - skipped),
        ProjectionExpression: '#pk, #sk', ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#pk': 'pk', '#sk': 'sk' },
      }));
      skipped += res.Count ?? 0;
      after = res.LastEvaluatedKey;
      if (!after) return [];
    }
    return page({ ...input, ExclusiveStartKey: after }, 0, limit);
  }
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined = input.ExclusiveStartKey;
  do {
    const res = await db().send(new QueryCommand({ ...input, ScanIndexForward: false, ExclusiveStartKey: start, Limit: Math.min(1000, offset + limit - out.length + (input.FilterExpression ? 200 : 0)) }));
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && out.length < offset + limit);
  return readable(await wholeItems(out.slice(offset, offset + limit)));
}

/** How many items a query matches (Select COUNT, page by page). */
export async function countMatches(input: QueryCommandInput): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    n += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return n;
}

/** The moderation queue (pending, processing, processed), optionally of one platform. */
export async function listQueue(workspaceId: string, platform: Platform | undefined, offset: number, limit: number): Promise<StoredComment[]> {
  const input: QueryCommandInput = platform
    ? { TableName: table(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :p', ExpressionAttributeValues: { ':p': commentKey.queueOf(workspaceId, platform) } }
    : { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': commentKey.queue(workspaceId) } };
  return page(input, offset, limit);
}

/** Queue comments in one status (e.g. every pending one for Process All), oldest first. */
export async function listQueueByStatus(workspaceId: string, status: string, max: number): Promise<StoredComment[]> {
  const out: StoredComment[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', FilterExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':p': commentKey.queue(workspaceId), ':s': status }, ExclusiveStartKey: start,
    }));
    out.push(...readable(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && out.length < max);
  return out.slice(0, max);
}

/**
 * Pending comments whose analysis failed (they carry lastError) and that were sent back fewer than
 * `maxRetries` times, oldest first: what the automation's requeue pass retries.
 */
export async function listFailedAnalyses(workspaceId: string, maxRetries: number, max: number): Promise<StoredComment[]> {
  const out: StoredComment[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExclusiveStartKey: start,
      FilterExpression: '#s = :s AND attribute_type(#c.#e, :str) AND (attribute_not_exists(#r) OR #r < :m)',
      ExpressionAttributeNames: { '#s': 'status', '#c': 'comment', '#e': 'lastError', '#r': 'analysisRetries' },
      ExpressionAttributeValues: { ':p': commentKey.queue(workspaceId), ':s': 'pending', ':str': 'S', ':m': maxRetries },
    }));
    out.push(...readable(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && out.length < max);
  return out.slice(0, max);
}

type Filters = Pick<CommentsQuery, 'status' | 'sentiment' | 'platform' | 'search'>;

function filterInput(workspaceId: string, f: Filters): QueryCommandInput {
  const conds: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':p': commentKey.all(workspaceId) };
  if (f.status) { conds.push('#st = :st'); names['#st'] = 'status'; values[':st'] = f.status; }
  if (f.sentiment) { conds.push('sentiment = :se'); values[':se'] = f.sentiment; }
  if (f.platform) { conds.push('platform = :pl'); values[':pl'] = f.platform; }
  return {
    TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: values,
    ...(conds.length ? { FilterExpression: conds.join(' AND ') } : {}), ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
  };
}

export function hasFilters(f: Filters): boolean {
  // Search is not a filter here: it reads the word index (comment-search.ts, queue.ts routes it there).
  return Boolean(f.status || f.sentiment || f.platform);
}

/** Every comment newest first with optional filters; the filtered total is counted on the user's index. */
export async function listAll(workspaceId: string, f: Filters, offset: number, limit: number): Promise<{ items: StoredComment[]; filteredTotal: number | null }> {
  const input = filterInput(workspaceId, f);
  const items = await page(input, offset, limit);
  return { items, filteredTotal: hasFilters(f) ? await countMatches(input) : null };
}

export async function listActivity(workspaceId: string, limit: number): Promise<Activity[]> {
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': commentKey.activityPrefix },
    ScanIndexForward: false, Limit: limit,
  }));
  return (res.Items ?? []).map((i) => ({ id: i.id as string, description: i.description as string, executedAt: i.executedAt as string }));
}

/**
 * Adds platform API answers counted by status and message (analytics' "API Response Status"): one
 * small item per status and message (`APISTATS#<status>|<message>`), so a count costs one write unit
 * instead of rewriting one item holding every count (a few KB once many messages were seen).
 */
export async function addApiResponses(workspaceId: string, counts: Map<string, number>): Promise<void> {
  await Promise.all([...counts].filter(([, n]) => n).map(([full, n]) => [full.slice(0, 500), n] as const).map(([key, n]) => db().send(new UpdateCommand({
    TableName: table(), Key: commentKey.apiStat(workspaceId, key), UpdateExpression: 'ADD #n :n SET #k = :k',
    ExpressionAttributeNames: { '#n': 'count', '#k': 'key' }, ExpressionAttributeValues: { ':n': n, ':k': key },
  }))));
}

/** Every count: the small items, plus the single item earlier versions kept (its attributes are `<status>|<message>` counts). */
export async function getApiResponses(workspaceId: string): Promise<{ status: number; message: string; count: number }[]> {
  const totals = new Map<string, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExclusiveStartKey: start,
      ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': commentKey.apiStats(workspaceId).sk },
    }));
    for (const item of res.Items ?? []) {
      const pairs = item.sk === commentKey.apiStats(workspaceId).sk ? Object.entries(item) : [[item.key, item.count] as [unknown, unknown]];
      for (const [k, v] of pairs) if (typeof k === 'string' && k.includes('|') && typeof v === 'number') totals.set(k, (totals.get(k) ?? 0) + v);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return [...totals].filter(([, n]) => n > 0).map(([k, count]) => { const [status, ...msg] = k.split('|'); return { status: Number(status), message: msg.join('|'), count }; });
}
