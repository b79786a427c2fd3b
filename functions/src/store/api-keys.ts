/**
 * Store: API keys (issue 11, item 9). The key item lives under its workspace; a lookup item keyed by
 * the key's SHA-256 lets the authorizer find it in one read. Both are written and deleted together.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, table } from './client.js';
import { publicApiKey, tenantPk } from './keys.js';
import type { ApiKeyLookup, ApiKeyRecord } from '../domain/public-api-model.js';

export async function putApiKey(k: ApiKeyRecord): Promise<void> {
  const lookup: ApiKeyLookup = { id: k.id, workspaceId: k.workspaceId, scopes: k.scopes, createdBy: k.createdBy };
  await db().send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: table(), Item: { ...publicApiKey.apiKey(k.workspaceId, k.id), type: 'apiKey', ...k }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: table(), Item: { ...publicApiKey.apiKeyHash(k.hash), type: 'apiKeyHash', ...lookup }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ],
  }));
}

function toRecord(item: Record<string, unknown>): ApiKeyRecord {
  return {
    id: String(item.id), workspaceId: String(item.workspaceId), name: String(item.name), scopes: item.scopes as ApiKeyRecord['scopes'],
    prefix: String(item.prefix), hash: String(item.hash), createdBy: String(item.createdBy), createdAt: String(item.createdAt),
    lastUsedAt: (item.lastUsedAt as string | undefined) ?? null,
  };
}

export async function listApiKeys(workspaceId: string): Promise<ApiKeyRecord[]> {
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': tenantPk(workspaceId), ':p': publicApiKey.apiKeyPrefix }, ConsistentRead: true,
  }));
  return (res.Items ?? []).map(toRecord).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function deleteApiKey(workspaceId: string, id: string): Promise<boolean> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: publicApiKey.apiKey(workspaceId, id), ConsistentRead: true }));
  if (!res.Item) return false;
  const { hash } = toRecord(res.Item);
  try {
    await db().send(new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: publicApiKey.apiKey(workspaceId, id), ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { TableName: table(), Key: publicApiKey.apiKeyHash(hash) } },
      ],
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false; // revoked meanwhile
    throw err;
  }
}

export async function findApiKeyByHash(hash: string): Promise<ApiKeyLookup | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: publicApiKey.apiKeyHash(hash), ConsistentRead: true }));
  if (!res.Item) return null;
  return { id: String(res.Item.id), workspaceId: String(res.Item.workspaceId), scopes: res.Item.scopes as ApiKeyLookup['scopes'], createdBy: String(res.Item.createdBy) };
}

/** Records the last use (only while the key exists: a revoked key is not brought back). */
export async function touchApiKey(workspaceId: string, id: string, at: string): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: publicApiKey.apiKey(workspaceId, id), UpdateExpression: 'SET lastUsedAt = :at',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':at': at },
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

