/** Store: the users the scheduled automation works for (those with connected accounts). */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client.js';
import { automationKey } from './keys.js';

export async function markAutomated(workspaceId: string): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...automationKey.workspace(workspaceId), workspaceId } }));
}

export async function unmarkAutomated(workspaceId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: automationKey.workspace(workspaceId) }));
}

export async function listAutomated(): Promise<string[]> {
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': automationKey.partition }, ExclusiveStartKey: start }));
    out.push(...(res.Items ?? []).map((i) => i.workspaceId as string));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}
