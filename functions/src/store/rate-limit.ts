/** Store: fixed-window attempt counters (register, profile changes) and sign-in failure records (lockout), each with a TTL. */
import { BatchGetCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client.js';
import { TABLE } from '@cg/shared';
import { key } from './keys.js';
import type { FailureRecord } from '../domain/model.js';

/** Counts one attempt in the current window and returns the count so far. */
export async function countAttempt(bucket: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const window = Math.floor(now / 1000 / windowSeconds);
  const res = await db().send(new UpdateCommand({
    TableName: table(), Key: key.rate(bucket, window),
    UpdateExpression: 'ADD attempts :one SET #ttl = if_not_exists(#ttl, :ttl)',
    ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
    ExpressionAttributeValues: { ':one': 1, ':ttl': (window + 2) * windowSeconds },
    ReturnValues: 'UPDATED_NEW',
  }));
  return Number(res.Attributes?.attempts ?? 1);
}

export type { FailureRecord };

const lockKey = (bucket: string) => ({ pk: `RATE#${bucket}`, sk: 'FAILURES' });

/** The failure records of the buckets (absent ones are left out): one consistent BatchGet. */
export async function readFailures(buckets: string[]): Promise<Map<string, FailureRecord>> {
  const res = await db().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: buckets.map(lockKey), ConsistentRead: true } } }));
  const out = new Map<string, FailureRecord>();
  for (const item of res?.Responses?.[table()] ?? []) {
    const bucket = String(item.pk).slice('RATE#'.length);
    out.set(bucket, { failures: Number(item.failures ?? 0), lastFailureAt: Number(item.lastFailureAt ?? 0) });
  }
  return out;
}

/** Counts one failure; `fresh` starts the count over (the previous record was forgotten). */
export async function recordFailure(bucket: string, ttlSeconds: number, fresh: boolean, now = Date.now()): Promise<void> {
  const ttl = Math.floor(now / 1000) + ttlSeconds;
  if (fresh) {
    await db().send(new PutCommand({ TableName: table(), Item: { ...lockKey(bucket), failures: 1, lastFailureAt: now, [TABLE.ttlAttribute]: ttl } }));
    return;
  }
  await db().send(new UpdateCommand({
    TableName: table(), Key: lockKey(bucket),
    UpdateExpression: 'ADD failures :one SET lastFailureAt = :now, #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
    ExpressionAttributeValues: { ':one': 1, ':now': now, ':ttl': ttl },
  }));
}

export async function clearFailures(bucket: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: lockKey(bucket) }));
}
