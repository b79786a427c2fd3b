/**
 * Store: keyset pages of comments (the queue or every comment, newest first) with the queue's
 * filters, an author's comments in a workspace, and the cached post or media a comment is on.
 * A page continues strictly after a sort key (`<timestamp>#<commentId>`), so no offset is skipped.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Comment, TABLE, type Platform } from '@cg/shared';
import type { StoredComment } from '../domain/model.js';
import type { AuthorHistoryRange, CommentPageQuery, PostInfoRecord } from '../domain/store-port.js';
import { db, table } from './client.js';
import { actionKey, commentKey } from './keys.js';
import { getComments, wholeItems } from './comments.js';
import { cellCounts, countPlan, hasResidualFilters, plan, readMerged } from './comment-plan.js';
import { searchComments } from './comment-search.js';

function parse(items: Record<string, unknown>[], workspaceId: string): StoredComment[] {
  const out: StoredComment[] = [];
  for (const item of items) {
    const c = Comment.safeParse(item.comment);
    if (!c.success) { console.warn('[store] skipped an unreadable comment', item.sk); continue; }
    out.push({ workspaceId, comment: c.data, review: (item.review as StoredComment['review']) ?? null, version: Number(item.version), updatedAt: item.updatedAt as string });
  }
  return out;
}

/** Up to `limit` comments newest first after `q.after`; `more` says whether further matches may exist (comment-plan.ts, comment-search.ts). */
export async function listCommentPage(workspaceId: string, q: CommentPageQuery, limit: number): Promise<{ items: StoredComment[]; more: boolean; resumeAfter?: string; total?: number }> {
  if (q.search?.trim()) return searchComments(workspaceId, q, limit);
  const p = plan(workspaceId, q, await cellCounts(workspaceId), limit);
  const { items, more } = await readMerged(p, limit);
  return { items: parse(await wholeItems(items), workspaceId), more, ...(hasResidualFilters(q) ? {} : { total: p.total }) };
}

/** How many comments match: the cell counts' sum, or a COUNT over the chosen partitions when other filters apply; search: its page's total. */
export async function countComments(workspaceId: string, q: CommentPageQuery): Promise<number> {
  if (q.search?.trim()) return (await searchComments(workspaceId, q, 25)).total;
  const p = plan(workspaceId, q, await cellCounts(workspaceId), 25);
  return hasResidualFilters(q) ? countPlan(p) : p.total;
}

/**
 * An author's comments in the workspace on one platform, newest first (the author index: keys, then
 * the comments by key): at most `max`, only those written at or before `upTo` and at or after `since`
 * when given; `complete` is false when more match.
 */
export async function authorComments(workspaceId: string, platform: Platform, authorId: string, opts: AuthorHistoryRange = {}): Promise<{ items: StoredComment[]; complete: boolean }> {
  const max = opts.max ?? 1000;
  // The sort key is `<timestamp>#<commentId>`: a time bounds it from below as is, from above with every id of that time.
  const range = opts.since && opts.upTo ? ' AND gsi6sk BETWEEN :lo AND :hi' : opts.since ? ' AND gsi6sk >= :lo' : opts.upTo ? ' AND gsi6sk <= :hi' : '';
  const values = { ':a': commentKey.author(workspaceId, platform, authorId), ...(opts.since ? { ':lo': opts.since } : {}), ...(opts.upTo ? { ':hi': `${opts.upTo}#\uffff` } : {}) };
  const keys: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), IndexName: 'gsi6', KeyConditionExpression: `gsi6pk = :a${range}`, ExpressionAttributeValues: values,
      ScanIndexForward: false, ExclusiveStartKey: start, Limit: max - keys.length,
    }));
    keys.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && keys.length < max);
  return { items: parse(await wholeItems(keys), workspaceId), complete: !start };
}

/** The stored comments among `ids` (re-exported for the domain's bulk actions). */
export { getComments };

const POST_TTL_SECONDS = 86_400;

export async function getPostInfo(workspaceId: string, platform: string, postId: string): Promise<PostInfoRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: actionKey.post(workspaceId, platform, postId) }));
  if (!res.Item || Number(res.Item[TABLE.ttlAttribute]) * 1000 < Date.now()) return null;
  const i = res.Item;
  return { id: i.id as string, text: (i.text as string) ?? '', permalink: (i.permalink as string | null) ?? null, published: i.published !== false };
}

export async function putPostInfo(workspaceId: string, platform: string, postId: string, info: PostInfoRecord): Promise<void> {
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...actionKey.post(workspaceId, platform, postId), type: 'post', ...info, [TABLE.ttlAttribute]: Math.floor(Date.now() / 1000) + POST_TTL_SECONDS },
  }));
}
