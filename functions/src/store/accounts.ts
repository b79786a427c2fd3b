/** Store: connected social accounts of a user, with their (encrypted) platform tokens. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '@cg/shared';
import { db, table } from './client.js';
import { bumpConfig } from './config-version.js';
import { accountKey, tenantPk } from './keys.js';
import type { StoredAccount } from '../domain/model.js';
export type { StoredAccount };

export async function listAccounts(workspaceId: string): Promise<StoredAccount[]> {
  const res = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': accountKey.prefix } }));
  return (res.Items ?? []) as StoredAccount[];
}

export async function getAccount(workspaceId: string, id: string): Promise<StoredAccount | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: accountKey.item(workspaceId, id) }));
  return (res.Item as StoredAccount | undefined) ?? null;
}

export async function putAccount(a: StoredAccount): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...accountKey.item(a.workspaceId, a.id), type: 'account', ...a } }));
  await bumpConfig(a.workspaceId, 'accounts');
}

export async function deleteAccount(workspaceId: string, id: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: accountKey.item(workspaceId, id) }));
  await bumpConfig(workspaceId, 'accounts');
}
