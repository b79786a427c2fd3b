/** Store: the users the scheduled automation works for (those with connected accounts), and what it does once per workspace. */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
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

export async function claimOnce(workspaceId: string, key: string, ttlDays: number): Promise<boolean> {
  try {
    await db().send(new PutCommand({
      TableName: table(), Item: { ...automationKey.once(workspaceId, key), claimedAt: new Date().toISOString(), [TABLE.ttlAttribute]: Math.floor(Date.now() / 1000) + ttlDays * 86_400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function releaseOnce(workspaceId: string, key: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: automationKey.once(workspaceId, key) }));
}
