/**
 * `npm run backfill -- --table NAME [--region R] [--endpoint URL] [--restart]`: brings the comment
 * items of a deployed table to item version COMMENT_ITEM_VERSION (6: the top-level filter attributes
 * the comment list indexes project, shared/src/table.ts; the facet partition key `gsi5pk` is
 * account × decision; `searchText` removed; 7: the author index's keys `gsi6pk`/`gsi6sk`). Idempotent: an item
 * already at the version is not touched, and each update is conditional on the comment's version (a
 * comment written meanwhile already has the attributes). Resumable: after every scanned page the
 * position is saved on the table (`pk = BACKFILL`, `sk = COMMENT-ITEMS#<version>`), and a new run
 * continues from there (`--restart` scans from the beginning again). docs/deploy.md says when to run it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Comment, cellOf } from '@cg/shared';
import { authorKeys, COMMENT_ITEM_VERSION, filterAttributes } from '../functions/src/store/comments.js';
import { commentKey } from '../functions/src/store/keys.js';

export interface BackfillResult { scanned: number; updated: number; skipped: number; unreadable: number; done: boolean }

const checkpointKey = { pk: 'BACKFILL', sk: `COMMENT-ITEMS#${COMMENT_ITEM_VERSION}` };

/**
 * Updates the comment items older than COMMENT_ITEM_VERSION, page by page (a Scan of `pageSize`
 * items each); stops after `maxPages` pages (the rest is left for the next run, which resumes).
 */
export async function backfillComments(db: DynamoDBDocumentClient, table: string, opts: { restart?: boolean; pageSize?: number; maxPages?: number; log?: (line: string) => void } = {}): Promise<BackfillResult> {
  const log = opts.log ?? (() => undefined);
  const saved = opts.restart ? undefined : (await db.send(new GetCommand({ TableName: table, Key: checkpointKey, ConsistentRead: true }))).Item;
  const result: BackfillResult = { scanned: Number(saved?.scanned ?? 0), updated: Number(saved?.updated ?? 0), skipped: Number(saved?.skipped ?? 0), unreadable: Number(saved?.unreadable ?? 0), done: false };
  if (saved?.done) { log(`already done (${result.updated} items updated)`); return { ...result, done: true }; }
  let start = saved?.lastKey as Record<string, unknown> | undefined;
  if (start) log(`resuming after ${JSON.stringify(start)} (${result.scanned} items scanned so far)`);
  for (let pages = 0; pages < (opts.maxPages ?? Infinity); pages++) {
    const res = await db.send(new ScanCommand({
      TableName: table, ExclusiveStartKey: start, Limit: opts.pageSize ?? 500, ConsistentRead: true,
      FilterExpression: '#t = :comment AND (attribute_not_exists(#sv) OR #sv < :sv)',
      ExpressionAttributeNames: { '#t': 'type', '#sv': 'sv' }, ExpressionAttributeValues: { ':comment': 'comment', ':sv': COMMENT_ITEM_VERSION },
    }));
    result.scanned += res.ScannedCount ?? 0;
    for (const item of res.Items ?? []) {
      const parsed = Comment.safeParse(item.comment);
      if (!parsed.success) { result.unreadable++; log(`skipped an unreadable comment ${item.pk} ${item.sk}`); continue; }
      // The filter attributes, the author index's keys (version 7), and the facet partition (gsi5), account × decision since version 6.
      const attrs: Record<string, unknown> = { ...filterAttributes(parsed.data), ...authorKeys(String(item.workspaceId), parsed.data), ...(item.gsi5pk ? { gsi5pk: commentKey.facet(String(item.workspaceId), cellOf(parsed.data)) } : {}) };
      const names: Record<string, string> = { '#sv': 'sv', '#v': 'version', '#st': 'searchText' };
      const values: Record<string, unknown> = { ':sv': COMMENT_ITEM_VERSION, ':v': item.version };
      const sets = ['#sv = :sv'];
      Object.entries(attrs).forEach(([k, v], i) => { names[`#a${i}`] = k; values[`:a${i}`] = v; sets.push(`#a${i} = :a${i}`); });
      try {
        await db.send(new UpdateCommand({
          TableName: table, Key: { pk: item.pk, sk: item.sk }, UpdateExpression: `SET ${sets.join(', ')} REMOVE #st`,
          ConditionExpression: '#v = :v', ExpressionAttributeNames: names, ExpressionAttributeValues: values,
        }));
        result.updated++;
      } catch (err) {
        if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
        result.skipped++; // written meanwhile: the new write carries the attributes
      }
    }
    start = res.LastEvaluatedKey;
    result.done = !start;
    await db.send(new PutCommand({ TableName: table, Item: { ...checkpointKey, type: 'backfill', lastKey: start ?? null, scanned: result.scanned, updated: result.updated, skipped: result.skipped, unreadable: result.unreadable, done: result.done, at: new Date().toISOString() } }));
    log(`${result.scanned} items scanned, ${result.updated} updated, ${result.skipped} changed meanwhile${result.unreadable ? `, ${result.unreadable} unreadable` : ''}`);
    if (result.done) break;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i >= 0 ? process.argv[i + 1] : undefined; };
  const tableName = arg('table');
  if (!tableName) { console.error('usage: npm run backfill -- --table NAME [--region REGION] [--endpoint URL] [--restart]'); process.exit(2); }
  const endpoint = arg('endpoint');
  const client = new DynamoDBClient({ region: arg('region') ?? process.env.AWS_REGION ?? 'us-east-1', ...(endpoint ? { endpoint } : {}) });
  const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const r = await backfillComments(db, tableName, { restart: process.argv.includes('--restart'), log: (l) => console.log(`backfill: ${l}`) });
  console.log(`backfill: ${r.done ? 'done' : 'stopped'} — ${r.scanned} scanned, ${r.updated} updated, ${r.skipped} changed meanwhile, ${r.unreadable} unreadable`);
  process.exit(0);
}
