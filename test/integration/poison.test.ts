/** One corrupt stored comment is skipped and logged: lists, Process All and the analyser's batch carry on; reading it alone is a 422. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../support/client.js';
import { makeComment, seed, store } from '../support/seed.js';

const { db, table } = await import('../../functions/src/store/client.js');
const { commentKey } = await import('../../functions/src/store/keys.js');

/** A comment item whose `comment` fails the schema (content is a number, no status), in the queue and the All Comments index. */
async function putCorrupt(workspaceId: string, id: string): Promise<{ pk: string; sk: string }> {
  const key = commentKey.item(workspaceId, id);
  const order = commentKey.order('2026-01-01T00:00:00.500Z', id);
  await db().send(new PutCommand({
    TableName: table(),
    Item: {
      ...key, type: 'comment', workspaceId, version: 1, updatedAt: new Date().toISOString(), review: null,
      comment: { id, platform: 'facebook', content: 42 }, status: 'processing', platform: 'facebook',
      gsi1pk: commentKey.queue(workspaceId), gsi1sk: order, gsi2pk: commentKey.all(workspaceId), gsi2sk: order,
      gsi3pk: commentKey.queueOf(workspaceId, 'facebook'), gsi3sk: order,
    },
  }));
  return key;
}

afterEach(() => vi.restoreAllMocks());

describe('a corrupt stored comment', () => {
  it('is left out of the lists, which answer 200 with the good comments; Process All queues the good ones', async () => {
    const { client, user } = await signedIn('poison-list');
    const good = [makeComment({ content: 'Love the new colours' }), makeComment({ content: 'When do you restock?' })];
    await seed(user.workspaceId, good);
    await putCorrupt(user.workspaceId, 'facebook_corrupt1');
    for (const path of ['/api/comments', '/api/comments?pendingOnly=true', '/api/comments?platform=facebook&pendingOnly=true', '/api/comments?search=restock']) {
      const res = await client.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expect(res.json.comments.map((c: { id: string }) => c.id)).not.toContain('facebook_corrupt1');
    }
    const all = (await client.get('/api/comments')).json.comments.map((c: { content: string }) => c.content);
    expect(all.sort()).toEqual(['Love the new colours', 'When do you restock?']);
    const processAll = await client.post('/api/comments/bulk-analyze');
    expect(processAll.status, processAll.text).toBe(202);
    expect(processAll.json.queued).toBe(2);
  });

  it('read on its own answers 422 saying it cannot be read', async () => {
    const { client, user } = await signedIn('poison-one');
    await putCorrupt(user.workspaceId, 'facebook_corrupt2');
    const res = await client.post('/api/comments/facebook_corrupt2/approve');
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/cannot be read/);
  });

  it("does not fail the analyser's batch: the good comments are decided, at most its own message is reported", async () => {
    const { user } = await signedIn('poison-batch');
    const good = [makeComment({ status: 'processing', content: 'Do you ship to Spain?' }), makeComment({ status: 'processing', content: 'Great service, thank you!' })];
    await seed(user.workspaceId, good);
    const key = await putCorrupt(user.workspaceId, 'facebook_corrupt3');
    const warn = vi.spyOn(console, 'warn');
    const { handler } = await import('../../functions/src/handlers/analyser.js');
    const record = (messageId: string, commentId: string) => ({ messageId, body: JSON.stringify({ workspaceId: user.workspaceId, commentId }) }) as never;
    const res = await handler({ Records: [record('m-good-1', good[0]!.id), record('m-bad', 'facebook_corrupt3'), record('m-good-2', good[1]!.id)] }, {} as never);
    expect(res.batchItemFailures.every((f) => f.itemIdentifier === 'm-bad')).toBe(true);
    for (const c of good) expect((await store.getComment(user.workspaceId, c.id))!.comment.status).toBe('processed');
    expect(warn.mock.calls.some((args) => args.join(' ').includes(key.sk))).toBe(true);
  });
});
