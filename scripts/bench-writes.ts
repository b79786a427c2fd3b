/**
 * `npm run bench:writes [-- --json FILE]`: what one comment write costs on DynamoDB Local alone, the
 * floor under bulk analysis (issue 13 item "bulk analysis ≥ 1,000 comments/s"). Process All writes
 * each comment twice (marked processing, then decided: design D4/D5, each with its counters and cell
 * counts in the same transaction of up to 90 comments); this times exactly those store calls on a
 * fresh in-memory DynamoDB Local with nothing else running, and prints the ceiling they put on
 * comments per second end to end. Rounds after the first show DynamoDB Local once its JIT is warm.
 *
 * Then the engine's own floor, the same number of writes of items that hold nothing but their keys, in transactions
 * of 90: into this table (its six indexes, none of which such an item enters), into a table without indexes, and into
 * this table as parallel transactions; and as parallel BatchWrites of 25 (no transaction). On 2026-11-27 these showed
 * that the cost is DynamoDB Local's, per item and per index the table has (0.66 against 0.27 ms), whatever the item
 * holds, and that it runs transactions one at a time (parallel ones took as long as sequential ones, while parallel
 * BatchWrites spread over both cores): with counters in the same transaction as each status change (design D4), the
 * two writes of design D5 cap bulk analysis below 1,000 comments/s on this machine with nothing else running.
 */
import { writeFileSync } from 'node:fs';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { COMMENTS_PER_TRANSACTION, TABLE, type AiDecision, type Comment } from '@cg/shared';
import { ensureTable, localClient, startDynamo } from '../infra/local/dynamodb.js';
import { freePort } from '../infra/local/ports.js';

const ROUNDS = 4;
const PER_ROUND = 1800;
const jsonAt = process.argv.indexOf('--json');

const dynamo = await startDynamo(await freePort(), null);
Object.assign(process.env, { DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: 'BenchWrites', AWS_REGION: 'us-east-1' });
await ensureTable(dynamo.endpoint, 'BenchWrites');
const store = await import('../functions/src/store/comments.js');
const { db, table } = await import('../functions/src/store/client.js');

const workspaceId = 'bench-writes';
await db().send(new PutCommand({ TableName: table(), Item: { pk: `WS#${workspaceId}`, sk: 'WORKSPACE' } }));
const decided: AiDecision = { decision: 'ignore', suggestedReply: '', reasoning: 'Bench.', sentiment: 'neutral', isSpam: false, isOffensive: false, confidence: 80, language: 'en', provider: 'bench', version: '1' };
const comment = (i: number): Comment => ({
  id: `facebook_${i}`, platform: 'facebook', accountId: 'acc1', authorName: `Author ${i % 300}`, authorId: `a${i % 300}`,
  content: `Comment number ${i}: how much is shipping to Canada?`, timestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), status: 'pending', aiDecision: null,
});
const chunks = <T>(all: T[]) => Array.from({ length: Math.ceil(all.length / COMMENTS_PER_TRANSACTION) }, (_, k) => all.slice(k * COMMENTS_PER_TRANSACTION, (k + 1) * COMMENTS_PER_TRANSACTION));

const perWrite: number[] = [];
console.log(`DynamoDB Local alone: ${PER_ROUND} comments per round, written twice each in transactions of ${COMMENTS_PER_TRANSACTION} (processing, then decided)`);
for (let round = 0; round < ROUNDS; round++) {
  const comments = Array.from({ length: PER_ROUND }, (_, i) => comment(round * 100_000 + i));
  for (const chunk of chunks(comments)) await store.insertNew(workspaceId, chunk, { searchWords: false });
  const pending = await store.getComments(workspaceId, comments.map((c) => c.id));
  const t0 = performance.now();
  const processing: Awaited<ReturnType<typeof store.writeMany>> = [];
  for (const chunk of chunks(pending)) processing.push(...(await store.writeMany(chunk.map((s) => ({ before: s, after: { ...s, comment: { ...s.comment, status: 'processing' as const } } })))));
  const t1 = performance.now();
  for (const chunk of chunks(processing)) await store.writeMany(chunk.map((s) => ({ before: s, after: { ...s, comment: { ...s.comment, status: 'processed' as const, aiDecision: decided } } })));
  const t2 = performance.now();
  const ms = (t2 - t0) / (2 * PER_ROUND);
  if (round > 0) perWrite.push(ms);
  console.log(`  round ${round + 1}${round === 0 ? ' (cold)' : ''}: marked processing in ${(t1 - t0).toFixed(0)} ms, decided in ${(t2 - t1).toFixed(0)} ms → ${ms.toFixed(2)} ms per comment write`);
}
const warm = perWrite.reduce((a, b) => a + b, 0) / perWrite.length;
const ceiling = 1000 / (2 * warm);
console.log(`→ ${warm.toFixed(2)} ms per comment write (warm rounds): two writes per comment cap bulk analysis at about ${Math.round(ceiling)} comments/s on this machine, before any reading, analysis or queueing`);

// The engine's floor: keys-only items, written as often as above (two warm rounds each, the second counted).
await localClient(dynamo.endpoint).send(new CreateTableCommand({
  TableName: 'BenchWritesNoIndexes', BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }],
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
}));
const keysOnly = (round: number) => Array.from({ length: 2 * PER_ROUND }, (_, i) => ({ pk: `FLOOR#${round}`, sk: `c${i}` }));
const inTransactions = (tableName: string) => async (items: Record<string, string>[]) => {
  for (const chunk of chunks(items)) await db().send(new TransactWriteCommand({ TransactItems: chunk.map((Item) => ({ Put: { TableName: tableName, Item } })) }));
};
const parallelTransactions = async (items: Record<string, string>[]) => {
  await Promise.all(chunks(items).map((chunk) => db().send(new TransactWriteCommand({ TransactItems: chunk.map((Item) => ({ Put: { TableName: table(), Item } })) }))));
};
const parallelBatches = async (items: Record<string, string>[]) => {
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, k) => items.slice(k * 25, (k + 1) * 25));
  await Promise.all(batches.map((b) => db().send(new BatchWriteCommand({ RequestItems: { [table()]: b.map((Item) => ({ PutRequest: { Item } })) } }))));
};
const floorOf = async (write: (items: Record<string, string>[]) => Promise<void>) => {
  let ms = 0;
  for (let round = 0; round < 2; round++) {
    const items = keysOnly(round);
    const t0 = performance.now();
    await write(items);
    ms = (performance.now() - t0) / items.length;
  }
  return ms;
};
const floor = {
  indexed: await floorOf(inTransactions(table())),
  noIndexes: await floorOf(inTransactions('BenchWritesNoIndexes')),
  parallelTransactions: await floorOf(parallelTransactions),
  parallelBatches: await floorOf(parallelBatches),
};
const transactionCeiling = Math.round(1000 / (2 * Math.min(floor.indexed, floor.parallelTransactions)));
console.log('The engine\'s floor, items of keys only (nothing but pk and sk):');
console.log(`  in transactions of ${COMMENTS_PER_TRANSACTION}, this table (${TABLE.indexes.length} indexes): ${floor.indexed.toFixed(2)} ms per write`);
console.log(`  in transactions of ${COMMENTS_PER_TRANSACTION}, a table without indexes: ${floor.noIndexes.toFixed(2)} ms per write`);
console.log(`  in parallel transactions of ${COMMENTS_PER_TRANSACTION}, this table: ${floor.parallelTransactions.toFixed(2)} ms per write`);
console.log(`  in parallel BatchWrites of 25 (no transaction), this table: ${floor.parallelBatches.toFixed(2)} ms per write`);
console.log(`→ counters in the same transaction as the status change (design D4) cap bulk analysis at about ${transactionCeiling} comments/s on this machine even for items of keys only, with DynamoDB Local alone on it`);
if (jsonAt >= 0) {
  writeFileSync(process.argv[jsonAt + 1]!, `${JSON.stringify({
    comment_write_ms_dynamodb_local: Number(warm.toFixed(3)), bulk_ceiling_per_s_dynamodb_local: Math.round(ceiling),
    keys_only_write_ms_indexed_table: Number(floor.indexed.toFixed(3)), keys_only_write_ms_table_without_indexes: Number(floor.noIndexes.toFixed(3)),
    keys_only_write_ms_parallel_transactions: Number(floor.parallelTransactions.toFixed(3)), keys_only_write_ms_parallel_batches: Number(floor.parallelBatches.toFixed(3)),
    bulk_ceiling_per_s_transactions_floor: transactionCeiling,
    measuredAt: new Date().toISOString(),
  }, null, 2)}\n`);
}
await dynamo.stop();
process.exit(0);
