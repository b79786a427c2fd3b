/** Store: outgoing webhook endpoints of a workspace and their delivery log (kept 30 days). */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { bumpConfig } from './config-version.js';
import { publicApiKey, tenantPk } from './keys.js';
import type { DeliveryRecord, WebhookEndpointRecord } from '../domain/public-api-model.js';

const DELIVERY_DAYS = 30;

export async function putWebhook(w: WebhookEndpointRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...publicApiKey.webhook(w.workspaceId, w.id), type: 'webhook', ...w }, ConditionExpression: 'attribute_not_exists(pk)' }));
  await bumpConfig(w.workspaceId, 'webhooks');
}

function toEndpoint(item: Record<string, unknown>): WebhookEndpointRecord {
  return {
    id: String(item.id), workspaceId: String(item.workspaceId), url: String(item.url), events: item.events as WebhookEndpointRecord['events'],
    description: String(item.description ?? ''), sealedSecret: String(item.sealedSecret), createdAt: String(item.createdAt),
    status: item.status === 'disabled' ? 'disabled' : 'enabled', consecutiveFailures: Number(item.consecutiveFailures ?? 0),
    disabledReason: (item.disabledReason as string | undefined) ?? null,
  };
}

export async function listWebhooks(workspaceId: string): Promise<WebhookEndpointRecord[]> {
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': tenantPk(workspaceId), ':p': publicApiKey.webhookPrefix },
  }));
  return (res.Items ?? []).map(toEndpoint).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getWebhook(workspaceId: string, id: string): Promise<WebhookEndpointRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: publicApiKey.webhook(workspaceId, id), ConsistentRead: true }));
  return res.Item ? toEndpoint(res.Item) : null;
}

export async function deleteWebhook(workspaceId: string, id: string): Promise<boolean> {
  const res = await db().send(new DeleteCommand({ TableName: table(), Key: publicApiKey.webhook(workspaceId, id), ReturnValues: 'ALL_OLD' }));
  if (res.Attributes) await bumpConfig(workspaceId, 'webhooks');
  return !!res.Attributes;
}

export async function countWebhookFailure(workspaceId: string, id: string): Promise<number | null> {
  try {
    const res = await db().send(new UpdateCommand({
      TableName: table(), Key: publicApiKey.webhook(workspaceId, id), UpdateExpression: 'ADD consecutiveFailures :one',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW',
    }));
    await bumpConfig(workspaceId, 'webhooks');
    return Number(res.Attributes?.consecutiveFailures ?? 1);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

export async function resetWebhookFailures(workspaceId: string, id: string): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: publicApiKey.webhook(workspaceId, id), UpdateExpression: 'SET consecutiveFailures = :zero',
      ConditionExpression: 'attribute_exists(pk) AND consecutiveFailures <> :zero', ExpressionAttributeValues: { ':zero': 0 },
    }));
    await bumpConfig(workspaceId, 'webhooks');
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function disableWebhook(workspaceId: string, id: string, reason: string): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: publicApiKey.webhook(workspaceId, id), UpdateExpression: 'SET #s = :d, disabledReason = :r',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':d': 'disabled', ':r': reason },
    }));
    await bumpConfig(workspaceId, 'webhooks');
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function putDelivery(d: DeliveryRecord, workspaceId: string): Promise<void> {
  // Newest first: the sort key's time is inverted so a forward query reads the latest attempts first.
  const inverted = String(9_999_999_999_999 - Date.parse(d.at)).padStart(13, '0');
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...publicApiKey.delivery(workspaceId, d.endpointId, inverted, `${d.id}#${d.attempt}`), type: 'webhookDelivery', ...d, [TABLE.ttlAttribute]: Math.ceil(Date.parse(d.at) / 1000) + DELIVERY_DAYS * 86_400 },
  }));
}

export async function listDeliveries(workspaceId: string, endpointId: string, limit: number): Promise<DeliveryRecord[]> {
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': tenantPk(workspaceId), ':p': publicApiKey.deliveryPrefix(endpointId) }, Limit: limit, ConsistentRead: true,
  }));
  return (res.Items ?? []).map((i) => ({
    id: String(i.id), endpointId: String(i.endpointId), eventId: String(i.eventId), event: i.event as DeliveryRecord['event'], attempt: Number(i.attempt),
    at: String(i.at), ok: Boolean(i.ok), status: (i.status as number | null | undefined) ?? null, error: (i.error as string | null | undefined) ?? null,
    durationMs: Number(i.durationMs ?? 0), nextAttemptAt: (i.nextAttemptAt as string | null | undefined) ?? null,
  }));
}
