/** Store: background job records (domain/jobs.ts), one item each under `JOB#<id>` (docs/access-patterns.md). */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import type { JobRecord } from '../domain/store-port.js';
import { db, table } from './client.js';
import { jobKey } from './keys.js';

const JOB_TTL_SECONDS = 7 * 24 * 3600;
/** The schedule's jobs (one per workspace and brand every 5 minutes) are kept a day. */
const SCHEDULED_TTL_SECONDS = 24 * 3600;

export async function createJob(job: JobRecord): Promise<void> {
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...jobKey.item(job.id), type: 'job', ...job, [TABLE.ttlAttribute]: Math.floor(Date.parse(job.createdAt) / 1000) + (job.userId ? JOB_TTL_SECONDS : SCHEDULED_TTL_SECONDS) },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
}

export async function getJob(jobId: string): Promise<JobRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: jobKey.item(jobId), ConsistentRead: true }));
  if (!res.Item) return null;
  const { pk: _pk, sk: _sk, type: _type, [TABLE.ttlAttribute]: _ttl, ...job } = res.Item;
  return job as JobRecord;
}

export async function updateJob(jobId: string, fields: Partial<Omit<JobRecord, 'id'>>): Promise<void> {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  await db().send(new UpdateCommand({
    TableName: table(),
    Key: jobKey.item(jobId),
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    ConditionExpression: 'attribute_exists(pk)',
  }));
}
