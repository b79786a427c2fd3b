/** Store: WebSocket connections per user, with a TTL so abandoned ones expire. */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, table } from './client.js';
import { connectionKey, tenantPk } from './keys.js';

const TWO_HOURS = 2 * 3600;

/** A member's open tab: kept under the workspace, with whose it is (a removed member's tabs are closed). */
export async function putConnection(workspaceId: string, connectionId: string, userId: string, now = Date.now()): Promise<void> {
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...connectionKey.item(workspaceId, connectionId), ...connectionKey.byId(connectionId), type: 'connection', workspaceId, connectionId, userId, [TABLE.ttlAttribute]: Math.floor(now / 1000) + TWO_HOURS },
  }));
}

export async function deleteConnection(workspaceId: string, connectionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: connectionKey.item(workspaceId, connectionId) }));
}

export async function findConnectionOwner(connectionId: string): Promise<string | null> {
  const res = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': connectionKey.byId(connectionId).gsi1pk }, Limit: 1,
  }));
  return (res.Items?.[0]?.workspaceId as string | undefined) ?? null;
}

/** The workspace's open connections (optionally one member's). */
export async function listConnections(workspaceId: string, userId?: string): Promise<string[]> {
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': connectionKey.prefix },
  }));
  const now = Math.floor(Date.now() / 1000);
  return (res.Items ?? [])
    .filter((i) => Number(i[TABLE.ttlAttribute] ?? 0) > now && (userId === undefined || i.userId === userId))
    .map((i) => i.connectionId as string);
}
