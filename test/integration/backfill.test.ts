/**
 * `npm run backfill` (scripts/backfill.ts) on DynamoDB Local: comment items written before item
 * version 6 (no top-level filter attributes, a searchText copy, no author index keys) are not found by
 * the filtered lists, whose indexes project only those attributes, nor in their author's history; the backfill brings them forward, resumes where an
 * interrupted run stopped, and a second run changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@cg/shared';
import { signedIn } from '../support/client.js';
import { decision, makeComment, store } from '../support/seed.js';

const { db, table } = await import('../../functions/src/store/client.js');
const { UpdateCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
const { backfillComments } = await import('../../scripts/backfill.js');
const queue = await import('../../functions/src/domain/queue.js');
const pages = await import('../../functions/src/store/comment-pages.js');

let workspace = '';
let seeded: Comment[] = [];
const DECISIONS = ['reply', 'hide', 'delete', 'ignore'] as const;

/** Rewrites a stored comment item as the previous item version had it. */
async function makeOld(c: Comment): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: table(), Key: { pk: `WS#${workspace}`, sk: `COMMENT#${c.id}` },
    UpdateExpression: 'SET searchText = :t, gsi5pk = :facet REMOVE sv, accountId, decision, #l, category, confidence, authorId, gsi6pk, gsi6sk',
    ExpressionAttributeNames: { '#l': 'language' },
    ExpressionAttributeValues: { ':t': `${c.content} ${c.authorName}`.toLowerCase(), ':facet': `WS#${workspace}#F#${c.aiDecision!.sentiment}#${c.aiDecision!.decision}` },
  }));
}

const ids = (cs: Comment[]) => cs.map((c) => c.id);
const newestFirst = (a: Comment, b: Comment) => (b.timestamp === a.timestamp ? (b.id < a.id ? -1 : 1) : b.timestamp < a.timestamp ? -1 : 1);

beforeAll(async () => {
  workspace = (await signedIn('backfill')).user.workspaceId as string;
  seeded = Array.from({ length: 40 }, (_, i) => makeComment({
    accountId: `acc${i % 2}`, authorId: `author${i % 5}`, status: i % 3 ? 'processed' : 'approved',
    aiDecision: decision({ decision: DECISIONS[i % 4], sentiment: i % 2 ? 'negative' : 'positive', language: i % 2 ? 'de' : 'en', confidence: 60 + i }),
  }));
  await store.insertNew(workspace, seeded);
  for (const c of seeded) await makeOld(c);
}, 120_000);

describe('npm run backfill', () => {
  it('brings old comment items forward, resuming an interrupted run, and is idempotent', async () => {
    const hidden = seeded.filter((c) => c.aiDecision?.decision === 'hide').sort(newestFirst);
    const list = async (q: object) => ids((await queue.listComments(workspace, { limit: 100, ...q } as never)).comments);
    // Before: the decision and language filters cannot see the old items.
    expect(await list({ decision: 'hide' })).toEqual([]);
    const history = async (authorId: string) => ids((await pages.authorComments(workspace, 'facebook', authorId)).items.map((s) => s.comment));
    expect(await history('author1')).toEqual([]);

    // An interrupted run: one small page, then a run that resumes from the saved position.
    const first = await backfillComments(db(), table(), { restart: true, pageSize: 25, maxPages: 1 });
    expect(first.done).toBe(false);
    const rest = await backfillComments(db(), table(), { pageSize: 200 });
    expect(rest.done).toBe(true);
    expect(rest.scanned).toBeGreaterThan(first.scanned);
    expect(rest.updated).toBeGreaterThanOrEqual(seeded.length);

    for (const c of seeded) {
      const item = (await db().send(new GetCommand({ TableName: table(), Key: { pk: `WS#${workspace}`, sk: `COMMENT#${c.id}` } }))).Item!;
      expect(item).toMatchObject({ sv: 7, accountId: c.accountId, authorId: c.authorId, decision: c.aiDecision!.decision, language: c.aiDecision!.language, confidence: c.aiDecision!.confidence });
      expect(item.searchText).toBeUndefined();
      expect(item.gsi5pk).toBe(`WS#${workspace}#F#facebook#${c.accountId}#${c.aiDecision!.decision}`);
      expect(item).toMatchObject({ gsi6pk: `WS#${workspace}#A#facebook#${c.authorId}`, gsi6sk: `${c.timestamp}#${c.id}` });
      expect(item.version).toBe(1); // the comment itself is unchanged
    }
    expect(await list({ decision: 'hide' })).toEqual(ids(hidden));
    expect(await history('author1')).toEqual(ids(seeded.filter((c) => c.authorId === 'author1').sort(newestFirst)));
    expect(await list({ language: 'de', sentiment: 'negative' })).toEqual(ids(seeded.filter((c) => c.aiDecision?.language === 'de').sort(newestFirst)));

    // A finished backfill says so; scanned again from the start, it finds nothing to change.
    expect((await backfillComments(db(), table())).done).toBe(true);
    const again = await backfillComments(db(), table(), { restart: true, pageSize: 500 });
    expect(again).toMatchObject({ done: true, updated: 0 });
  }, 300_000); // it scans the whole shared test table (every earlier test's items): 96-103 s in fresh-clone runs, 120+ s on a busier one
});
