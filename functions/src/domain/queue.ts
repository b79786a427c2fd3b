/**
 * The moderation queue and All Comments (issue 12 item 5): the spec's offset contract, keyset paging
 * (`nextCursor`), filters by brand, decision, language and category, sort by newest or priority, and
 * bulk actions with a result per comment.
 */
import { MAX_COMMENTS_OFFSET, type BulkResult, type Comment, type CommentsList, type CommentsQuery } from '@cg/shared';
import { DomainError, Invalid } from './errors.js';
import * as actions from './actions.js';
import * as insights from './insights.js';
import * as moderation from './moderation.js';
import type { StoredComment } from './model.js';
import { stores, type CommentPageQuery } from './store-port.js';

const pages = stores.commentPages;

/** A comment's place in newest-first order: the store's sort key (`<timestamp>#<commentId>`). */
const position = (c: Comment) => `${c.timestamp}#${c.id}`;

const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function decode(cursor: string): { after?: string; rank?: number; ts?: string; id?: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof v.after === 'string' && v.after.includes('#')) return { after: v.after };
    if (typeof v.rank === 'number' && typeof v.ts === 'string' && typeof v.id === 'string') return { rank: v.rank, ts: v.ts, id: v.id };
  } catch { /* fall through */ }
  throw new Invalid('cursor is not valid: use the nextCursor of a previous page', [{ field: 'cursor', message: 'Invalid cursor' }]);
}

/** Queue priority: urgent first, then high (and questions and complaints), then the rest. */
export function rank(c: Comment): number {
  const d = c.aiDecision;
  if (d?.priority === 'urgent') return 0;
  if (d?.priority === 'high' || d?.category === 'question' || d?.category === 'complaint') return 1;
  return 2;
}

/** Priority order: rank, then the longest waiting (oldest) first. */
function byPriority(a: Comment, b: Comment): number {
  return rank(a) - rank(b) || a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id);
}

async function accountsOfBrand(workspaceId: string, brand: string): Promise<string[]> {
  const all = await stores.accounts.listAccounts(workspaceId);
  return all.filter((a) => a.brandId === brand || a.id === brand).flatMap((a) => all.filter((b) => b.brandId === a.brandId)).map((a) => a.id);
}

async function pageQuery(workspaceId: string, q: Omit<CommentsQuery, 'limit' | 'offset' | 'cursor' | 'sort'>): Promise<CommentPageQuery> {
  return {
    queue: Boolean(q.pendingOnly), platform: q.platform, status: q.status, sentiment: q.sentiment, search: q.search,
    ...(q.brand ? { accountIds: [...new Set(await accountsOfBrand(workspaceId, q.brand))] } : {}),
    decision: q.decision, language: q.language, category: q.category, minConfidence: q.minConfidence,
  };
}

const MAX_PRIORITY_WINDOW = 2_000;
/** The deepest offset answered: deeper pages continue with the cursor (keyset paging reads only the page). */
const MAX_OFFSET = MAX_COMMENTS_OFFSET;

export async function listComments(workspaceId: string, q: CommentsQuery): Promise<CommentsList> {
  const limit = q.limit ?? insights.DEFAULT_PAGE;
  if ((q.offset ?? 0) > MAX_OFFSET) {
    throw new Invalid(`offset ${q.offset} is deeper than ${MAX_OFFSET}: page on with the cursor parameter (cursor=<nextCursor of the previous page>)`, [{ field: 'cursor', message: `offsets above ${MAX_OFFSET} are refused: pass the previous page's nextCursor as cursor` }]);
  }
  // Any filter takes the indexed path (cell counts and partitions); the spec's offset contract keeps the unfiltered lists.
  const extra = Boolean(q.brand || q.decision || q.language || q.category || q.minConfidence !== undefined || q.search?.trim() || q.status || q.sentiment || (q.platform && !q.pendingOnly));
  if (!q.cursor && !extra && q.sort !== 'priority') {
    const base = await insights.listComments(workspaceId, q); // the spec's offset contract, unchanged
    const last = base.comments[base.comments.length - 1];
    return { ...base, nextCursor: last && base.comments.length === limit ? encode({ after: position(last) }) : null };
  }
  const cursor = q.cursor ? decode(q.cursor) : {};
  const pq = await pageQuery(workspaceId, q);
  const plain = !extra && !q.status && !q.sentiment && !q.search?.trim() && !(q.platform && !q.pendingOnly);
  // Unfiltered totals come from the counters; filtered ones with the page when the store knows them (cell counts), else counted.
  const totalOf = async (page: { total?: number }) => (plain ? (await insights.listComments(workspaceId, { ...q, limit: 1, offset: 0, cursor: undefined })).total : page.total ?? pages.countComments(workspaceId, pq));
  if (q.sort === 'priority') {
    const window = await pages.listCommentPage(workspaceId, pq, MAX_PRIORITY_WINDOW);
    const all = window.items.map((s) => s.comment).sort(byPriority);
    let start = q.offset ?? 0;
    if (cursor.id) {
      const after = (c: Comment) => rank(c) - cursor.rank! || c.timestamp.localeCompare(cursor.ts!) || c.id.localeCompare(cursor.id!);
      start = all.findIndex((c) => after(c) > 0);
      if (start < 0) start = all.length;
    }
    const comments = all.slice(start, start + limit);
    const last = comments[comments.length - 1];
    return { comments, total: await totalOf(window), nextCursor: last && start + limit < all.length ? encode({ rank: rank(last), ts: last.timestamp, id: last.id }) : null };
  }
  const offset = q.cursor ? 0 : (q.offset ?? 0);
  const page = await pages.listCommentPage(workspaceId, { ...pq, ...(cursor.after ? { after: cursor.after } : {}) }, offset + limit);
  const comments = page.items.slice(offset).map((s: StoredComment) => s.comment);
  const last = comments[comments.length - 1];
  // A search that stopped at its read limit answers a short page and continues after the last entry it looked at.
  const resume = page.resumeAfter ?? (last && comments.length === limit ? position(last) : undefined);
  return { comments, total: await totalOf(page), nextCursor: resume && page.more ? encode({ after: resume }) : null };
}

export type BulkAction = 'approve' | 'hide' | 'delete' | 'dismiss';
export interface BulkInput { action: BulkAction; ids?: string[]; filter?: Omit<CommentsQuery, 'limit' | 'offset' | 'cursor' | 'sort' | 'pendingOnly'> }

const MAX_BULK = 1_000;
const CONCURRENCY = 8;

/** The comments a bulk action names: its ids (deduplicated), or the queue comments its filter matches (up to 1000). */
export async function bulkIds(workspaceId: string, input: BulkInput): Promise<string[]> {
  if (!input.filter) return input.ids ? [...new Set(input.ids)] : [];
  const pq = await pageQuery(workspaceId, { ...input.filter, pendingOnly: true });
  // A search answers in bounded pieces (its page may be short and say where it continues): follow
  // them, so "all N matching" acts on all of them, not on the first piece.
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await pages.listCommentPage(workspaceId, { ...pq, ...(after ? { after } : {}) }, MAX_BULK - ids.length);
    ids.push(...page.items.map((s) => s.comment.id));
    const last = page.items.at(-1);
    after = page.resumeAfter ?? (last ? position(last.comment) : undefined);
    if (!page.more || !after || ids.length >= MAX_BULK) return [...new Set(ids)];
  }
}

/**
 * One action on many comments (ids, or every queue comment matching a filter, up to 1000), each
 * exactly as its own route would do it; a result per comment, in the order given.
 */
export async function bulk(deps: moderation.ModerationDeps, workspaceId: string, input: BulkInput, by: string | null, progress?: (done: number, total: number) => Promise<void>): Promise<BulkResult> {
  const ids = await bulkIds(workspaceId, input);
  let done = 0;
  const run = (id: string): Promise<Comment> => {
    switch (input.action) {
      case 'approve': return moderation.approve(deps, workspaceId, id, by ?? undefined);
      case 'hide': return actions.hide(deps, workspaceId, id, by);
      case 'delete': return actions.remove(deps, workspaceId, id, by);
      case 'dismiss': return actions.dismiss(deps, workspaceId, id, by);
    }
  };
  const results: BulkResult['results'] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < ids.length; i = next++) {
      const id = ids[i]!;
      try {
        results[i] = { id, ok: true, status: (await run(id)).status };
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        results[i] = { id, ok: false, error: err.message, reason: err.kind };
      }
      await progress?.(++done, ids.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  const succeeded = results.filter((r) => r.ok).length;
  return { action: input.action, total: ids.length, succeeded, failed: ids.length - succeeded, results };
}
