/**
 * Store: per-workspace monthly counters of analysed comments (one item per calendar month, UTC). Comments
 * are counted when reserved for analysis (queued), and given back when they return to pending unanalysed.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { usageKey } from './billing-keys.js';

/** 'YYYY-MM' of a date, in UTC. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** Counts n analysed comments in the month of `now`; returns the month's total. */
export async function addAnalysed(workspaceId: string, n: number, now = new Date()): Promise<number> {
  const res = await db().send(new UpdateCommand({
    TableName: table(), Key: usageKey.month(workspaceId, monthOf(now)),
    UpdateExpression: 'ADD analysed :n SET #ttl = if_not_exists(#ttl, :ttl), #t = :t',
    ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute, '#t': 'type' },
    ExpressionAttributeValues: { ':n': n, ':ttl': expiresOf(now), ':t': 'usage' },
    ReturnValues: 'UPDATED_NEW',
  }));
  return Number(res.Attributes?.analysed ?? n);
}

/** Comments analysed so far in the month of `now`. */
export async function usedThisMonth(workspaceId: string, now = new Date()): Promise<number> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: usageKey.month(workspaceId, monthOf(now)), ConsistentRead: true }));
  return Number(res.Item?.analysed ?? 0);
}

const MAX_TRIES = 25;

function expiresOf(now: Date): number {
  return Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 13, 1) / 1000); // kept a year
}

/**
 * Reserves up to n comments of the month's quota, atomically: each try adds k = min(n, room) only if
 * the count is still at most quota - k, so concurrent callers never pass the quota together. Returns
 * how many were reserved (0 when the quota is reached); null quota means unlimited (all n, counted).
 */
export async function reserve(workspaceId: string, n: number, quota: number | null, now = new Date()): Promise<number> {
  if (n <= 0) return 0;
  if (quota === null) {
    await addAnalysed(workspaceId, n, now);
    return n;
  }
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const k = Math.min(n, quota - (await usedThisMonth(workspaceId, now)));
    if (k <= 0) return 0;
    try {
      await db().send(new UpdateCommand({
        TableName: table(), Key: usageKey.month(workspaceId, monthOf(now)),
        UpdateExpression: 'ADD analysed :k SET #ttl = if_not_exists(#ttl, :ttl), #t = :t',
        ConditionExpression: 'attribute_not_exists(analysed) OR analysed <= :max',
        ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute, '#t': 'type' },
        ExpressionAttributeValues: { ':k': k, ':max': quota - k, ':ttl': expiresOf(now), ':t': 'usage' },
      }));
      return k;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      // Another caller reserved meanwhile: read the count again and take what is left.
    }
  }
  return 0;
}

/**
 * Gives back n reserved comments (queueing failed, or the analysis failed and the comment is pending
 * again) from the month of `now`, never below 0 (a reservation from a month that has ended is not given back).
 */
export async function release(workspaceId: string, n: number, now = new Date()): Promise<void> {
  if (n <= 0) return;
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: usageKey.month(workspaceId, monthOf(now)),
      UpdateExpression: 'ADD analysed :neg', ConditionExpression: 'analysed >= :n',
      ExpressionAttributeValues: { ':neg': -n, ':n': n },
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
