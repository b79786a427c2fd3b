/**
 * Store: search over the word index (comment-words.ts), newest first. A comment matches when every
 * complete word of the query is one of its words (content or author name, any case) and, when the
 * query ends inside a word after other words, that last word begins one of its words; the other
 * list filters apply too. The rarest complete word (its entries counted up to WORD_COUNT_CAP) leads:
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
const MAX_EXAMINED = 2_000;
const BATCH = 100;

interface Terms { complete: string[]; partial: string | null }

function termsOf(search: string): Terms {
  const text = search.normalize('NFKC').toLowerCase();
  const words = wordsOf(text);
  const endsInWord = /[\p{L}\p{N}]$/u.test(text);
  if (words.length > 1 && endsInWord) return { complete: words.slice(0, -1), partial: words[words.length - 1]! };
  return { complete: words, partial: null };
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

async function walk(workspaceId: string, q: CommentPageQuery, want: number): Promise<Walk> {
  const terms = termsOf(q.search ?? '');
  const none: Walk = { items: [], examined: 0, done: true, leadCount: 0, exactCount: true };
  if (!terms.complete.length) return none;
  const counts = await Promise.all(terms.complete.map((w) => wordCount(workspaceId, w, WORD_COUNT_CAP)));
  const lead = counts.indexOf(Math.min(...counts));
  if (counts[lead] === 0) return none;
  const word = terms.complete[lead]!;
  const leadCount = counts[lead]!;
  const items: StoredComment[] = [];
  let before = q.after;
  let examined = 0;
  // The first read asks for about the page (more when other words or filters will reject some), then doubles.
  let batch = Math.min(BATCH, Math.max(10, (want + 1) * (terms.complete.length > 1 || terms.partial || isFiltered(q) ? 2 : 1)));
  for (;;) {
    const { entries, done } = await wordEntries(workspaceId, word, before, batch);
    const found = new Map((await getComments(workspaceId, entries.map((e) => e.id), { consistent: false })).map((s) => [s.comment.id, s]));
    for (const [i, e] of entries.entries()) {
      examined++;
      before = e.order;
      const s = found.get(e.id);
      if (s && matchesSearch(s.comment, q, terms)) items.push(s);
      if (items.length === want) return { items, examined, done: done && i === entries.length - 1, lastOrder: before, leadCount, exactCount: leadCount < WORD_COUNT_CAP };
    }
    if (done) return { items, examined, done: true, lastOrder: before, leadCount, exactCount: leadCount < WORD_COUNT_CAP };
    if (examined >= MAX_EXAMINED) return { items, examined, done: false, lastOrder: before, leadCount, exactCount: leadCount < WORD_COUNT_CAP };
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
  else if (w.done && !q.after) total = w.items.length;
  else total = Math.max(w.items.length, Math.round((w.items.length / Math.max(1, w.examined)) * w.leadCount));
  return { items: w.items, more: !w.done, total, ...(!w.done && w.items.length < limit && w.lastOrder ? { resumeAfter: w.lastOrder } : {}) };
}
