/** Store: Meta page ownership lookups, single-use OAuth states and webhook dedupe markers (all small, TTL where temporary). */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { metaKey } from './keys.js';

export interface PageOwner { workspaceId: string; accountId: string }

export async function putPageOwner(externalId: string, owner: PageOwner): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...metaKey.page(externalId), type: 'pageOwner', ...owner } }));
}

export async function getPageOwner(externalId: string): Promise<PageOwner | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: metaKey.page(externalId) }));
  return res.Item ? { workspaceId: res.Item.workspaceId as string, accountId: res.Item.accountId as string } : null;
}

export async function deletePageOwner(externalId: string, workspaceId: string): Promise<void> {
  try {
    await db().send(new DeleteCommand({ TableName: table(), Key: metaKey.page(externalId), ConditionExpression: 'workspaceId = :u', ExpressionAttributeValues: { ':u': workspaceId } }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err; // another user owns it now: leave it
  }
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
