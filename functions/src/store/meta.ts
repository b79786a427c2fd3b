/** Store: which workspaces connected a Meta page (one item each), single-use OAuth states and webhook dedupe markers (all small, TTL where temporary). */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { metaKey } from './keys.js';

import type { PageOwner } from '../domain/model.js';
export type { PageOwner };

/** Records that a workspace connected a page or Instagram account (one item per workspace: an agency and its client both own it). */
export async function putPageOwner(externalId: string, owner: PageOwner): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...metaKey.page(externalId, owner.workspaceId), type: 'pageOwner', ...owner } }));
}

/** Every workspace that connected the page or Instagram account (webhook fan-out). */
export async function listPageOwners(externalId: string): Promise<PageOwner[]> {
  const out: PageOwner[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ConsistentRead: true, ExclusiveStartKey: start,
      ExpressionAttributeValues: { ':p': metaKey.pagePartition(externalId), ':s': metaKey.pageOwnerPrefix },
    }));
    out.push(...(res.Items ?? []).map((i) => ({ workspaceId: i.workspaceId as string, accountId: i.accountId as string })));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Removes one workspace's claim on the page; the other workspaces' stay. */
export async function deletePageOwner(externalId: string, workspaceId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: metaKey.page(externalId, workspaceId) }));
}

export async function putOAuthState(nonce: string, workspaceId: string, ttlSeconds: number): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...metaKey.oauthState(nonce), workspaceId, [TABLE.ttlAttribute]: Math.floor(Date.now() / 1000) + ttlSeconds } }));
}

/** Deletes the state if it exists for this user and is not expired; true only the first time. */
export async function consumeOAuthState(nonce: string, workspaceId: string): Promise<boolean> {
  try {
    await db().send(new DeleteCommand({
      TableName: table(), Key: metaKey.oauthState(nonce),
      ConditionExpression: 'workspaceId = :u AND #ttl > :now', ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
      ExpressionAttributeValues: { ':u': workspaceId, ':now': Math.floor(Date.now() / 1000) },
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Claims a webhook change once (Meta retries deliveries); false when it was already handled. */
export async function claimWebhookEvent(dedupeKey: string): Promise<boolean> {
  try {
    await db().send(new PutCommand({
      TableName: table(), Item: { ...metaKey.webhookEvent(dedupeKey), [TABLE.ttlAttribute]: Math.floor(Date.now() / 1000) + 3 * 86_400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives a claimed webhook change back when applying it failed, so Meta's (or the queue's) retry is not dropped as a duplicate. */
export async function releaseWebhookEvent(dedupeKey: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: metaKey.webhookEvent(dedupeKey) }));
}
