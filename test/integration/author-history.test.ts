/**
 * An author's history in a workspace (the author index, docs/access-patterns.md pattern 39) against
 * the local stack: a regular whose earlier comment lies behind thousands of newer ones by other
 * people is still a regular — in the comment's context and for the first-time-commenter rule — and
 * the same id on the other platform is another person.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Comment } from '@cg/shared';
import { Client, signedIn } from '../support/client.js';

Object.assign(process.env, inject('stackEnv'));
const { makeComment, store } = await import('../support/seed.js');
const { db, table } = await import('../../functions/src/store/client.js');
const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
const { stores } = await import('../../functions/src/domain/store-port.js');
const { conditionHolds } = await import('../../functions/src/domain/rule-match.js');

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
    const isFirstTime = async (c: Comment) => {
      const history = await stores.commentPages.authorComments(workspaceId, c.platform, c.authorId);
      const authorComments = history.items.map((h) => ({ id: h.comment.id, timestamp: h.comment.timestamp, status: h.comment.status, isHidden: Boolean(h.comment.isHidden) }));
      return conditionHolds({ type: 'first_time_commenter' }, c, { brandIds: [], authorComments });
    };
    expect(await isFirstTime(latest)).toBe(false);
    expect(await isFirstTime(newcomer)).toBe(true);
    expect(await isFirstTime(otherPlatform)).toBe(true);
  });
});
