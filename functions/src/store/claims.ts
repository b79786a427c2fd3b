/**
 * Store: claims of platform actions (design D15) and each comment's history. A claim is a
 * conditional put keyed by comment + action + attempt: exactly one caller wins it; the others read
 * it. Completing, refusing or taking over an open claim is conditional on the holder's lease.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { CommentHistoryEntry, TABLE } from '@cg/shared';
import type { ActionClaim, ClaimKey } from '../domain/store-port.js';
import { db, isConditionFailure, table } from './client.js';
import { actionKey } from './keys.js';

const CLAIM_TTL_SECONDS = 90 * 86_400;
const HISTORY_TTL_SECONDS = 366 * 86_400;

const keyOf = (k: ClaimKey) => actionKey.claim(k.workspaceId, k.commentId, k.action, k.attempt);

function fromItem(item: Record<string, unknown>): ActionClaim {
  return {
    workspaceId: item.workspaceId as string, commentId: item.commentId as string, action: item.action as string, attempt: Number(item.attempt),
    state: item.state as ActionClaim['state'], lease: item.lease as string, claimedAt: item.claimedAt as string, by: (item.by as string | null) ?? null,
    uncertain: item.uncertain === true, recorded: item.recorded === true,
    ...(item.platformId ? { platformId: item.platformId as string } : {}),
    ...(item.error ? { error: item.error as string } : {}),
    ...(item.completedAt ? { completedAt: item.completedAt as string } : {}),
  };
}

export async function getClaim(k: ClaimKey): Promise<ActionClaim | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: keyOf(k), ConsistentRead: true }));
  return res.Item ? fromItem(res.Item) : null;
}

/** Every claim of one action on one comment (all attempts). */
export async function listClaims(workspaceId: string, commentId: string, action: string): Promise<ActionClaim[]> {
  const key = actionKey.claim(workspaceId, commentId, action, 0);
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ConsistentRead: true,
    ExpressionAttributeValues: { ':p': key.pk, ':s': key.sk.slice(0, -1) },
  }));
  return (res.Items ?? []).map(fromItem);
}

/** Puts the claim unless one exists for the same key: null when won, else the existing claim. */
export async function claimAction(c: ActionClaim): Promise<ActionClaim | null> {
  try {
    await db().send(new PutCommand({
      TableName: table(),
      Item: { ...keyOf(c), type: 'claim', ...c, [TABLE.ttlAttribute]: Math.floor(Date.now() / 1000) + CLAIM_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return null;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  const existing = await getClaim(c);
  if (!existing) throw new Error('claim vanished after a conditional failure');
  return existing;
}

async function updateHeld(k: ClaimKey, lease: string, set: Record<string, unknown>): Promise<boolean> {
  const names = Object.keys(set);
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: keyOf(k),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: '#state = :open AND #lease = :lease',
      ExpressionAttributeNames: { ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])), '#state': 'state', '#lease': 'lease' },
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:f${i}`, set[n]])), ':open': 'open', ':lease': lease },
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The platform accepted: records what it answered. False when the lease was lost. */
export function completeClaim(k: ClaimKey, lease: string, platformId?: string): Promise<boolean> {
  return updateHeld(k, lease, { state: 'done', completedAt: new Date().toISOString(), uncertain: false, ...(platformId ? { platformId } : {}) });
}

/** The comment now shows the claim's effect. */
export async function markClaimRecorded(k: ClaimKey): Promise<void> {
  await db().send(new UpdateCommand({ TableName: table(), Key: keyOf(k), UpdateExpression: 'SET recorded = :t', ExpressionAttributeValues: { ':t': true } }));
}

/** The platform refused: nothing happened. */
export function refuseClaim(k: ClaimKey, lease: string, error: string): Promise<boolean> {
  return updateHeld(k, lease, { state: 'refused', completedAt: new Date().toISOString(), error });
}

/** The call got no answer: the claim stays open, flagged so that a retry checks the platform at once. */
export function markClaimUncertain(k: ClaimKey, lease: string): Promise<boolean> {
  return updateHeld(k, lease, { uncertain: true });
}

/** Takes over an open claim (after checking the platform: the action did not happen). */
export function takeOverClaim(k: ClaimKey, oldLease: string, newLease: string, by: string | null): Promise<boolean> {
  return updateHeld(k, oldLease, { lease: newLease, claimedAt: new Date().toISOString(), uncertain: false, by });
}

export async function addHistory(workspaceId: string, commentId: string, entry: Omit<CommentHistoryEntry, 'id' | 'at'>, now = new Date()): Promise<CommentHistoryEntry> {
  const full: CommentHistoryEntry = { id: randomUUID(), at: now.toISOString(), ...entry };
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...actionKey.history(workspaceId, commentId, full.at, full.id), type: 'history', commentId, ...full, [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + HISTORY_TTL_SECONDS },
  }));
  return full;
}

/** A comment's history, oldest first. */
export async function listHistory(workspaceId: string, commentId: string, limit = 200): Promise<CommentHistoryEntry[]> {
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':p': actionKey.history(workspaceId, commentId, '', '').pk, ':s': actionKey.historyPrefix(commentId) }, Limit: limit,
  }));
  return (res.Items ?? []).flatMap((item) => {
    const parsed = CommentHistoryEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
