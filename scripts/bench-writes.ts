/**
 * `npm run bench:writes [-- --json FILE]`: what one comment write costs on DynamoDB Local alone, the
 * floor under bulk analysis (issue 13 item "bulk analysis ≥ 1,000 comments/s"). Process All writes
 * each comment twice (marked processing, then decided: design D4/D5, each with its counters and cell
 * counts in the same transaction of up to 90 comments); this times exactly those store calls on a
 * fresh in-memory DynamoDB Local with nothing else running, and prints the ceiling they put on
 * comments per second end to end. Rounds after the first show DynamoDB Local once its JIT is warm.
 */
import { writeFileSync } from 'node:fs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { COMMENTS_PER_TRANSACTION, type AiDecision, type Comment } from '@cg/shared';
import { ensureTable, startDynamo } from '../infra/local/dynamodb.js';
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
if (jsonAt >= 0) writeFileSync(process.argv[jsonAt + 1]!, `${JSON.stringify({ comment_write_ms_dynamodb_local: Number(warm.toFixed(3)), bulk_ceiling_per_s_dynamodb_local: Math.round(ceiling), measuredAt: new Date().toISOString() }, null, 2)}\n`);
await dynamo.stop();
process.exit(0);
