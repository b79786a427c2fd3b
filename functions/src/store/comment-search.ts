/**
 * Store: search over the word index (comment-words.ts), newest first. A comment matches when every
 * complete word of the query is one of its words (content or author name, any case) and, when the
 * query ends inside a word (search as you type), that last word begins one of its words; the other
 * list filters apply too. The rarest complete word leads (each word's newest PROBE entries read: the
 * fewest, or the sparsest in time); a query of one unfinished word reads the entries of every word it
 * begins (up to PREFIX_SCAN; past that, the word itself leads): the lead's entries are read newest
 * first and their comments fetched (BatchGet, eventually consistent) and checked; one request looks at
 * most at MAX_EXAMINED entries and then answers what it found with a cursor to continue. Every read
 * is bounded: a request reads at most about 2 RCU per word, 10 for a prefix, 30 for the comments and
 * 19 for a total (exact up to COUNT_CAP entries, then extrapolated), whatever the workspace's size.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { QUEUE_STATUSES, type Comment } from '@cg/shared';
import type { StoredComment } from '../domain/model.js';
import type { CommentPageQuery } from '../domain/store-port.js';
import { db, table } from './client.js';
import { getComments } from './comments.js';
import { commentKey, tenantPk } from './keys.js';
import { searchTextOf, wordEntries, wordsOf } from './comment-words.js';

/** Entries of each complete word read first to choose the lead (about 2 RCU each: an entry is ~150 bytes). */
const PROBE = 100;
/** Entries a prefix may cover to be read at once (about 10 RCU); a prefix more common is searched as a word. */
const PREFIX_SCAN = 500;
/** Comments fetched and checked per request at most (BatchGet, 0.5 RCU each): past it, a short page and a cursor. */
const MAX_EXAMINED = 60;
const BATCH = 60;

interface Terms { complete: string[]; partial: string | null }

function termsOf(search: string): Terms {
  const text = search.normalize('NFKC').toLowerCase();
  const words = wordsOf(text);
  const endsInWord = /[\p{L}\p{N}]$/u.test(text);
  // Search as you type: a last word not yet followed by a space or punctuation may be the beginning of a word.
  if (words.length && endsInWord) return { complete: words.slice(0, -1), partial: words[words.length - 1]! };
  return { complete: words, partial: null };
}

/** Entries (newest first) of every word beginning with `prefix`, before `before`: complete when the range held at most PREFIX_SCAN entries. */
async function prefixEntries(workspaceId: string, prefix: string, before: string | undefined): Promise<{ entries: { id: string; order: string }[]; complete: boolean }> {
  const out: { id: string; order: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :w)', ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':w': `WORD#${prefix}` },
      ProjectionExpression: 'sk, id', ExclusiveStartKey: start, Limit: PREFIX_SCAN + 1 - out.length,
    }));
    for (const i of res.Items ?? []) {
      const rest = (i.sk as string).slice('WORD#'.length);
      out.push({ id: i.id as string, order: rest.slice(rest.indexOf('#') + 1) });
    }
    start = res.LastEvaluatedKey;
  } while (start && out.length <= PREFIX_SCAN);
  const seen = new Set<string>();
  const entries = out.filter((e) => (before === undefined || e.order < before) && !seen.has(e.id) && seen.add(e.id)).sort((x, y) => (x.order < y.order ? 1 : -1));
  return { entries, complete: out.length <= PREFIX_SCAN };
}

/**
 * The newest PROBE entries of a word (before the cursor): `count` is exact when fewer exist; `span`
 * orders the words by rarity when none is exhausted (the older its PROBE-th entry, the sparser the word).
 */
async function probeWord(workspaceId: string, word: string, before: string | undefined): Promise<{ word: string; count: number; exact: boolean; span: string }> {
  const { entries, done } = await wordEntries(workspaceId, word, before, PROBE);
  return { word, count: entries.length, exact: done, span: entries[entries.length - 1]?.order ?? '' };
}

/** Entries counted exactly for a one-word total (index entries only: about 18 RCU for 1,000); past it the total is estimated. */
const COUNT_CAP = 1_000;

const timeOf = (order: string) => Date.parse(order.slice(0, order.indexOf('#')));

/**
 * How many comments hold a word: exact up to COUNT_CAP entries; past it extrapolated over time from
 * the span of its newest COUNT_CAP entries to the workspace's oldest comment (one more item read).
 */
async function wordCount(workspaceId: string, word: string): Promise<{ count: number; exact: boolean }> {
  const prefix = commentKey.wordPrefix(word);
  const orders: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :w)', ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':w': prefix },
      ProjectionExpression: 'sk', ScanIndexForward: false, ExclusiveStartKey: start, Limit: COUNT_CAP + 1 - orders.length,
    }));
    for (const i of res.Items ?? []) orders.push((i.sk as string).slice(prefix.length));
    start = res.LastEvaluatedKey;
  } while (start && orders.length <= COUNT_CAP);
  if (orders.length <= COUNT_CAP) return { count: orders.length, exact: true };
  const oldest = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: { ':p': commentKey.all(workspaceId) },
    ProjectionExpression: 'gsi2sk', ScanIndexForward: true, Limit: 1,
  }));
  const [newest, last, first] = [timeOf(orders[0]!), timeOf(orders[COUNT_CAP - 1]!), timeOf(String(oldest.Items?.[0]?.gsi2sk ?? orders[COUNT_CAP - 1]))];
  const ratio = newest > last ? (newest - first) / (newest - last) : 1;
  return { count: Math.max(COUNT_CAP + 1, Math.round(COUNT_CAP * ratio)), exact: false };
}

/** Does a comment pass the query's words and its other filters? */
export function matchesSearch(c: Comment, q: CommentPageQuery, terms: Terms = termsOf(q.search ?? '')): boolean {
  const words = new Set(wordsOf(searchTextOf(c)));
  if (!terms.complete.every((w) => words.has(w))) return false;
  if (terms.partial && ![...words].some((w) => w.startsWith(terms.partial!))) return false;
  const d = c.aiDecision;
  if (q.queue && !QUEUE_STATUSES.includes(c.status)) return false;
  if (q.status && c.status !== q.status) return false;
  if (q.platform && c.platform !== q.platform) return false;
  if (q.accountIds && !q.accountIds.includes(c.accountId ?? '')) return false;
  if (q.sentiment && d?.sentiment !== q.sentiment) return false;
  if (q.decision && d?.decision !== q.decision) return false;
  if (q.language && d?.language !== q.language) return false;
  if (q.category && d?.category !== q.category) return false;
  if (q.minConfidence !== undefined && !(d && d.confidence >= q.minConfidence)) return false;
  return true;
}

interface Walk { items: StoredComment[]; examined: number; done: boolean; lastOrder?: string; leadCount: number; exactCount: boolean; leadWord?: string }

/** Where the candidates come from: one word's entries read page by page, or a prefix's entries read at once. */
interface Lead { count: number; exact: boolean; word?: string; next(before: string | undefined, n: number): Promise<{ entries: { id: string; order: string }[]; done: boolean }> }

async function leadOf(workspaceId: string, terms: Terms, after: string | undefined): Promise<Lead | null> {
  if (terms.complete.length) {
    // The rarest word leads: the fewest entries when one has fewer than PROBE, else the sparsest in time.
    const probes = await Promise.all(terms.complete.map((w) => probeWord(workspaceId, w, after)));
    if (probes.some((p) => p.exact && p.count === 0)) return null;
    const lead = probes.reduce((a, b) => (a.exact || b.exact ? (b.exact && (!a.exact || b.count < a.count) ? b : a) : b.span < a.span ? b : a));
    return { count: lead.count, exact: lead.exact, word: lead.word, next: (before, n) => wordEntries(workspaceId, lead.word, before, n) };
  }
  if (!terms.partial) return null;
  const first = await prefixEntries(workspaceId, terms.partial, undefined);
  if (!first.complete) {
    // Too many words begin with it: the whole word leads (a prefix this common is searched as a word).
    const p = await probeWord(workspaceId, terms.partial, after);
    if (p.count > 0) return { count: p.count, exact: p.exact, word: terms.partial, next: (before, size) => wordEntries(workspaceId, terms.partial!, before, size) };
  }
  const all = first.entries;
  return {
    count: all.length, exact: first.complete,
    next: async (before, n) => {
      const from = before === undefined ? 0 : all.findIndex((e) => e.order < before);
      const entries = from < 0 ? [] : all.slice(from, from + n);
      return { entries, done: from < 0 || from + n >= all.length };
    },
  };
}

async function walk(workspaceId: string, q: CommentPageQuery, want: number): Promise<Walk> {
  const terms = termsOf(q.search ?? '');
  const none: Walk = { items: [], examined: 0, done: true, leadCount: 0, exactCount: true };
  const lead = await leadOf(workspaceId, terms, q.after);
  if (!lead) return none;
  const items: StoredComment[] = [];
  let before = q.after;
  let examined = 0;
  const result = (done: boolean): Walk => ({ items, examined, done, lastOrder: before, leadCount: lead.count, exactCount: lead.exact, ...(lead.word ? { leadWord: lead.word } : {}) });
  // The first read asks for about the page (more when other words or filters will reject some), then doubles.
  let batch = Math.min(BATCH, Math.max(10, (want + 1) * (terms.complete.length > 1 || (terms.complete.length && terms.partial) || isFiltered(q) ? 2 : 1)));
  for (;;) {
    const { entries, done } = await lead.next(before, Math.min(batch, MAX_EXAMINED - examined));
    const found = new Map((await getComments(workspaceId, entries.map((e) => e.id), { consistent: false })).map((s) => [s.comment.id, s]));
    for (const [i, e] of entries.entries()) {
      examined++;
      before = e.order;
      const s = found.get(e.id);
      if (s && matchesSearch(s.comment, q, terms)) items.push(s);
      if (items.length === want) return result(done && i === entries.length - 1);
    }
    if (done) return result(true);
    if (examined >= MAX_EXAMINED) return result(false);
    batch = Math.min(BATCH, batch * 2);
  }
}

function isFiltered(q: CommentPageQuery): boolean {
  return Boolean(q.queue || q.status || q.platform || q.accountIds || q.sentiment || q.decision || q.language || q.category || q.minConfidence !== undefined);
}

/**
 * A page of search results with its total; when a request stops at its examination limit the page
 * may be short, and `resumeAfter` continues. The total is exact for one word without other filters
 * (the word's entry count) and when every entry was looked at from the start; otherwise it is
 * estimated from the share of matches among the entries looked at (at least what was found).
 */
export async function searchComments(workspaceId: string, q: CommentPageQuery, limit: number): Promise<{ items: StoredComment[]; more: boolean; resumeAfter?: string; total: number }> {
  const w = await walk(workspaceId, q, limit);
  const terms = termsOf(q.search ?? '');
  let total: number;
  if (terms.complete.length === 1 && !terms.partial && !isFiltered(q)) total = w.exactCount && !q.after ? w.leadCount : (await wordCount(workspaceId, terms.complete[0]!)).count;
  else if (!terms.complete.length && terms.partial && !isFiltered(q) && w.exactCount && !q.after) total = w.leadCount;
  else if (w.done && !q.after) total = w.items.length;
  else {
    // Estimated from the share of matches among the entries looked at, over the lead word's (estimated) entries.
    const leadTotal = w.exactCount || !w.leadWord ? w.leadCount : (await wordCount(workspaceId, w.leadWord)).count;
    total = Math.max(w.items.length, Math.round((w.items.length / Math.max(1, w.examined)) * leadTotal));
  }
  return { items: w.items, more: !w.done, total, ...(!w.done && w.items.length < limit && w.lastOrder ? { resumeAfter: w.lastOrder } : {}) };
}
