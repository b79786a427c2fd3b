/** Store: everything kept under one user's partition (data export and account deletion), plus Meta-user links. */
import { BatchWriteCommand, PutCommand, QueryCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client.js';
import { metaUserKey, tenantPk } from './keys.js';

/** Every item of the user's partition, page by page. */
export async function* tenantItems(workspaceId: string): AsyncGenerator<Record<string, unknown>[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': tenantPk(workspaceId) }, ExclusiveStartKey: start }));
    yield res.Items ?? [];
    start = res.LastEvaluatedKey;
  } while (start);
}

/** Deletes every item of the user's partition (batches of 25, unprocessed items retried). */
export async function deleteTenant(workspaceId: string): Promise<number> {
  let n = 0;
  for await (const items of tenantItems(workspaceId)) {
    for (let i = 0; i < items.length; i += 25) {
      let requests = items.slice(i, i + 25).map((it) => ({ DeleteRequest: { Key: { pk: it.pk, sk: it.sk } } }));
      for (let attempt = 0; requests.length && attempt < 8; attempt++) {
        const res = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
        requests = (res.UnprocessedItems?.[table()] ?? []) as typeof requests;
        if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
      n += Math.min(25, items.length - i);
    }
  }
  return n;
}

export async function linkMetaUser(metaUserId: string, workspaceId: string): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...metaUserKey.link(metaUserId, workspaceId), workspaceId } }));
}

export async function workspacesOfMetaUser(metaUserId: string): Promise<string[]> {
  const res = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': metaUserKey.partition(metaUserId) } }));
  return (res.Items ?? []).map((i) => i.workspaceId as string);
}

export async function unlinkMetaUser(metaUserId: string, workspaceId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: metaUserKey.link(metaUserId, workspaceId) }));
}
