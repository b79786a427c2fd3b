/**
 * Store: keyset pages of comments (the queue or every comment, newest first) with the queue's
 * filters, an author's comments in a workspace, and the cached post or media a comment is on.
 * A page continues strictly after a sort key (`<timestamp>#<commentId>`), so no offset is skipped.
 */
import { GetCommand, PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { Comment, TABLE } from '@cg/shared';
import type { StoredComment } from '../domain/model.js';
import type { CommentPageQuery, PostInfoRecord } from '../domain/store-port.js';
import { db, table } from './client.js';
import { actionKey, commentKey } from './keys.js';
import { getComments, wholeItems } from './comments.js';
import { cellCounts, countPlan, hasResidualFilters, plan, readMerged } from './comment-plan.js';
import { searchComments } from './comment-search.js';

function indexOf(workspaceId: string, q: CommentPageQuery): { index: string; pk: string; pkValue: string; sk: string } {
  if (q.queue && q.platform) return { index: 'gsi3', pk: 'gsi3pk', pkValue: commentKey.queueOf(workspaceId, q.platform), sk: 'gsi3sk' };
  if (q.queue) return { index: 'gsi1', pk: 'gsi1pk', pkValue: commentKey.queue(workspaceId), sk: 'gsi1sk' };
  return { index: 'gsi2', pk: 'gsi2pk', pkValue: commentKey.all(workspaceId), sk: 'gsi2sk' };
}

function queryOf(workspaceId: string, q: CommentPageQuery): QueryCommandInput {
  const ix = indexOf(workspaceId, q);
  const conds: string[] = [];
  const names: Record<string, string> = { '#pk': ix.pk };
  const values: Record<string, unknown> = { ':p': ix.pkValue };
  // Top-level copies of the comment's fields (COMMENT_FILTER_ATTRIBUTES), which every list index projects.
  const nested = (field: string) => { names[`#${field}`] = field; return `#${field}`; };
  const decision = nested;
  if (q.status) { conds.push('#st = :st'); names['#st'] = 'status'; values[':st'] = q.status; }
  if (q.sentiment) { conds.push('sentiment = :se'); values[':se'] = q.sentiment; }
  if (q.platform && !q.queue) { conds.push('platform = :pl'); values[':pl'] = q.platform; }
  if (q.accountIds) {
    const ids = q.accountIds.length ? q.accountIds : ['-none-'];
    conds.push(`${nested('accountId')} IN (${ids.map((_, i) => `:a${i}`).join(', ')})`);
    ids.forEach((id, i) => { values[`:a${i}`] = id; });
  }
  if (q.decision) { conds.push(`${decision('decision')} = :dc`); values[':dc'] = q.decision; }
  if (q.language) { conds.push(`${decision('language')} = :lg`); values[':lg'] = q.language; }
  if (q.category) { conds.push(`${decision('category')} = :ct`); values[':ct'] = q.category; }
  if (q.minConfidence !== undefined) { conds.push(`${decision('confidence')} >= :mc`); values[':mc'] = q.minConfidence; }
  if (q.authorId) { conds.push(`${nested('authorId')} = :au`); values[':au'] = q.authorId; }
  let key = '#pk = :p';
  if (q.after) { key += ' AND #sk < :after'; names['#sk'] = ix.sk; values[':after'] = q.after; }
  return {
    TableName: table(), IndexName: ix.index, KeyConditionExpression: key, ExpressionAttributeNames: names, ExpressionAttributeValues: values,
    ...(conds.length ? { FilterExpression: conds.join(' AND ') } : {}),
  };
}

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
 * An author's comments among the workspace's most recent `window` comments (the All index filtered on
 * the author, newest first): `complete` is false when older comments were not looked at.
 */
export async function authorComments(workspaceId: string, platform: CommentPageQuery['platform'], authorId: string, window = 5000): Promise<{ items: StoredComment[]; complete: boolean }> {
  const input = queryOf(workspaceId, { queue: false, platform, authorId });
  const items: StoredComment[] = [];
  let start: Record<string, unknown> | undefined;
  let evaluated = 0;
  do {
    const res = await db().send(new QueryCommand({ ...input, ScanIndexForward: false, ExclusiveStartKey: start, Limit: Math.min(1000, window - evaluated) }));
    items.push(...parse(await wholeItems(res.Items ?? []), workspaceId));
    evaluated += res.ScannedCount ?? 0;
    start = res.LastEvaluatedKey;
  } while (start && evaluated < window);
  return { items, complete: !start };
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
