/**
 * An author's history in a workspace (the author index, docs/access-patterns.md pattern 39) against
 * the local stack: a regular whose earlier comment lies behind thousands of newer ones by other
 * people is still a regular — in the comment's context and for the first-time-commenter rule — and
 * the same id on the other platform is another person.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Comment, Condition } from '@cg/shared';
import { Client, signedIn } from '../support/client.js';

Object.assign(process.env, inject('stackEnv'));
const { makeComment, store } = await import('../support/seed.js');
const { db, table } = await import('../../functions/src/store/client.js');
const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
const { stores } = await import('../../functions/src/domain/store-port.js');
const { authorHistoryRanges, conditionHolds } = await import('../../functions/src/domain/rule-match.js');

const OTHERS = 5_200; // more than the 5,000 newest comments the history used to look at

/** Writes comments' items as the store does, without counters (many at once: this is only their background). */
async function writeItems(workspaceId: string, comments: Comment[]): Promise<void> {
  const items = comments.map((c) => ({ PutRequest: { Item: store.toItem({ workspaceId, comment: c, review: null, version: 1, updatedAt: c.timestamp }) } }));
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, (i + 1) * 25));
  const next = async (): Promise<void> => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let req = batch;
      while (req.length) {
        const res = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: req } }));
        req = (res.UnprocessedItems?.[table()] ?? []) as typeof req;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, next));
}

describe('an author\'s history', () => {
  let client: Client;
  let workspaceId: string;
  const day = (d: number, s = 0) => new Date(Date.UTC(2026, 5, d, 12, 0, s)).toISOString();
  const first = makeComment({ authorId: 'regular-1', authorName: 'Rita Regular', timestamp: day(1), status: 'approved' });
  const latest = makeComment({ authorId: 'regular-1', authorName: 'Rita Regular', timestamp: day(20), content: 'Still waiting for my order' });
  const newcomer = makeComment({ authorId: 'new-1', authorName: 'Nina New', timestamp: day(20, 1), content: 'First time here' });
  const otherPlatform = makeComment({ id: `instagram_${latest.id}`, platform: 'instagram', authorId: 'regular-1', authorName: 'rita', timestamp: day(20, 2) });

  beforeAll(async () => {
    ({ client } = await signedIn('authors'));
    workspaceId = (await client.get('/api/user')).json.workspaceId;
    const others = Array.from({ length: OTHERS }, (_, i) => makeComment({ authorId: `other-${i}`, timestamp: new Date(Date.parse(day(10)) + i * 1000).toISOString() }));
    await writeItems(workspaceId, others);
    await store.insertNew(workspaceId, [first, latest, newcomer, otherPlatform]);
  }, 180_000);

  it('the context counts a regular\'s comments however many newer comments others wrote since', async () => {
    const ctx = (await client.get(`/api/comments/${latest.id}/context`)).json;
    expect(ctx.author).toMatchObject({ id: 'regular-1', comments: 2, hidden: 0, deleted: 0, firstSeen: first.timestamp, complete: true });
    // The same id on Instagram is another account: its history is its own.
    const ig = (await client.get(`/api/comments/${otherPlatform.id}/context`)).json;
    expect(ig.author).toMatchObject({ comments: 1, firstSeen: otherPlatform.timestamp, complete: true });
  });

  it('the first-time-commenter condition (rules, incidents) tells the regular from the newcomer', async () => {
    // What rules.ts and incidents.ts give the condition: the author's comments from the store port.
    // What rules.ts and incidents.ts give a condition: the author's comments in the ranges it reads (authorHistoryRanges).
    const holds = async (cond: Condition, c: Comment) => {
      const parts = await Promise.all(authorHistoryRanges([cond], c).map((r) => stores.commentPages.authorComments(workspaceId, c.platform, c.authorId, r)));
      const authorComments = parts.flatMap((p) => p.items).map((h) => ({ id: h.comment.id, timestamp: h.comment.timestamp, status: h.comment.status, isHidden: Boolean(h.comment.isHidden) }));
      return conditionHolds(cond, c, { brandIds: [], authorComments });
    };
    const firstTime = { type: 'first_time_commenter' } as const;
    expect(await holds(firstTime, latest)).toBe(false);
    expect(await holds(firstTime, newcomer)).toBe(true);
    expect(await holds(firstTime, otherPlatform)).toBe(true);
    // Her first comment, judged at its own time: nothing of hers before it (the later one does not count).
    expect(await holds(firstTime, first)).toBe(true);
  });

  it('the repeat-offender condition counts hidden or deleted comments of its window only', async () => {
    const at = (d: number) => new Date(Date.UTC(2026, 6, d, 9)).toISOString();
    const troll = (d: number, over: Partial<Comment> = {}) => makeComment({ authorId: 'troll-1', authorName: 'Tom Troll', timestamp: at(d), ...over });
    const [old, recent1, recent2, kept, now] = [troll(1, { isHidden: true }), troll(20, { status: 'deleted' }), troll(25, { isHidden: true }), troll(26), troll(28)];
    await store.insertNew(workspaceId, [old, recent1, recent2, kept, now]);
    const holds = async (cond: Condition) => {
      const parts = await Promise.all(authorHistoryRanges([cond], now).map((r) => stores.commentPages.authorComments(workspaceId, now.platform, now.authorId, r)));
      const authorComments = parts.flatMap((p) => p.items).map((h) => ({ id: h.comment.id, timestamp: h.comment.timestamp, status: h.comment.status, isHidden: Boolean(h.comment.isHidden) }));
      return conditionHolds(cond, now, { brandIds: [], authorComments });
    };
    expect(await holds({ type: 'repeat_offender', count: 2, days: 10 })).toBe(true); // days 20 and 25
    expect(await holds({ type: 'repeat_offender', count: 3, days: 10 })).toBe(false); // day 1 is outside
    expect(await holds({ type: 'repeat_offender', count: 3, days: 30 })).toBe(true);
  });
});
