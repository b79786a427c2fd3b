/**
 * Store: search over the word index (comment-words.ts), newest first. A comment matches when every
 * complete word of the query is one of its words (content or author name, any case) and, when the
 * query ends inside a word (search as you type), that last word begins one of its words; the other
 * list filters apply too. The rarest complete word (its entries counted up to WORD_COUNT_CAP) leads;
 * a query of one unfinished word reads the entries of every word it begins (up to PREFIX_SCAN; past
 * that, the word itself leads):
 * its entries are read newest first (about a page first, then twice as many each time, up to 100)
 * and their comments fetched (BatchGet, eventually consistent) and checked; one request looks at
 * most at MAX_EXAMINED entries and then answers what it found with a cursor to continue.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { QUEUE_STATUSES, type Comment } from '@cg/shared';
import type { StoredComment } from '../domain/model.js';
import type { CommentPageQuery } from '../domain/store-port.js';
import { db, table } from './client.js';
import { getComments } from './comments.js';
import { commentKey, tenantPk } from './keys.js';
import { searchTextOf, wordEntries, wordsOf } from './comment-words.js';

const WORD_COUNT_CAP = 1_000;
const PREFIX_SCAN = 3_000;
const MAX_EXAMINED = 2_000;
const BATCH = 100;

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

/** Entries of a word, counted up to `cap`. */
async function wordCount(workspaceId: string, word: string, cap: number): Promise<number> {
  const prefix = commentKey.wordPrefix(word);
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :w)', ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':w': prefix },
      Select: 'COUNT', ExclusiveStartKey: start, ...(Number.isFinite(cap) ? { Limit: cap - n } : {}),
    }));
    n += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start && n < cap);
  return n;
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
  if (q.authorId && c.authorId !== q.authorId) return false;
  return true;
}

interface Walk { items: StoredComment[]; examined: number; done: boolean; lastOrder?: string; leadCount: number; exactCount: boolean }

/** Where the candidates come from: one word's entries read page by page, or a prefix's entries read at once. */
interface Lead { count: number; exact: boolean; next(before: string | undefined, n: number): Promise<{ entries: { id: string; order: string }[]; done: boolean }> }

async function leadOf(workspaceId: string, terms: Terms): Promise<Lead | null> {
  if (terms.complete.length) {
    const counts = await Promise.all(terms.complete.map((w) => wordCount(workspaceId, w, WORD_COUNT_CAP)));
    const at = counts.indexOf(Math.min(...counts));
    if (counts[at] === 0) return null;
    const word = terms.complete[at]!;
    return { count: counts[at]!, exact: counts[at]! < WORD_COUNT_CAP, next: (before, n) => wordEntries(workspaceId, word, before, n) };
  }
  if (!terms.partial) return null;
  const first = await prefixEntries(workspaceId, terms.partial, undefined);
  if (!first.complete) {
    // Too many words begin with it: the whole word leads (a prefix this common is searched as a word).
    const n = await wordCount(workspaceId, terms.partial, WORD_COUNT_CAP);
    if (n > 0) return { count: n, exact: n < WORD_COUNT_CAP, next: (before, size) => wordEntries(workspaceId, terms.partial!, before, size) };
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
  const lead = await leadOf(workspaceId, terms);
  if (!lead) return none;
  const items: StoredComment[] = [];
  let before = q.after;
  let examined = 0;
  const result = (done: boolean): Walk => ({ items, examined, done, lastOrder: before, leadCount: lead.count, exactCount: lead.exact });
  // The first read asks for about the page (more when other words or filters will reject some), then doubles.
  let batch = Math.min(BATCH, Math.max(10, (want + 1) * (terms.complete.length > 1 || (terms.complete.length && terms.partial) || isFiltered(q) ? 2 : 1)));
  for (;;) {
    const { entries, done } = await lead.next(before, batch);
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
  return Boolean(q.queue || q.status || q.platform || q.accountIds || q.sentiment || q.decision || q.language || q.category || q.minConfidence !== undefined || q.authorId);
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
  if (terms.complete.length === 1 && !terms.partial && !isFiltered(q)) total = w.exactCount ? w.leadCount : await wordCount(workspaceId, terms.complete[0]!, Infinity);
  else if (!terms.complete.length && terms.partial && !isFiltered(q) && w.exactCount && !q.after) total = w.leadCount;
  else if (w.done && !q.after) total = w.items.length;
  else total = Math.max(w.items.length, Math.round((w.items.length / Math.max(1, w.examined)) * w.leadCount));
  return { items: w.items, more: !w.done, total, ...(!w.done && w.items.length < limit && w.lastOrder ? { resumeAfter: w.lastOrder } : {}) };
}
