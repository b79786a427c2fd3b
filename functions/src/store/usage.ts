/** Store: per-user monthly counters of analysed comments (atomic ADD on one item per calendar month, UTC). */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, table } from './client.js';
import { usageKey } from './billing-keys.js';

/** 'YYYY-MM' of a date, in UTC. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** Counts n analysed comments in the month of `now`; returns the month's total. */
export async function addAnalysed(workspaceId: string, n: number, now = new Date()): Promise<number> {
  const expires = Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 13, 1) / 1000); // kept a year
  const res = await db().send(new UpdateCommand({
    TableName: table(), Key: usageKey.month(workspaceId, monthOf(now)),
    UpdateExpression: 'ADD analysed :n SET #ttl = if_not_exists(#ttl, :ttl), #t = :t',
    ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute, '#t': 'type' },
    ExpressionAttributeValues: { ':n': n, ':ttl': expires, ':t': 'usage' },
    ReturnValues: 'UPDATED_NEW',
  }));
  return Number(res.Attributes?.analysed ?? n);
}

/** Comments analysed so far in the month of `now`. */
export async function usedThisMonth(workspaceId: string, now = new Date()): Promise<number> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: usageKey.month(workspaceId, monthOf(now)) }));
  return Number(res.Item?.analysed ?? 0);
}
