/**
 * Store: a workspace's alerts (domain/alerts.ts, port domain/alert-port.ts). Keys: alertKey in keys.ts;
 * access patterns in docs/access-patterns.md.
 */
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AlertSettings, TABLE } from '@cg/shared';
import type { AlertRecord, AlertStore, SentimentCount, WaitingComment } from '../domain/alert-port.js';
import { db, isConditionFailure, table } from './client.js';
import { alertKey, commentKey, tenantPk } from './keys.js';

const ALERT_DAYS = 90;
const SENTIMENT_DAYS = 3;
const seconds = (ms: number) => Math.floor(ms / 1000);

export async function getAlertSettings(workspaceId: string): Promise<AlertSettings | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: alertKey.settings(workspaceId), ConsistentRead: true }));
  if (!res.Item) return null;
  const parsed = AlertSettings.safeParse(res.Item.settings);
  if (!parsed.success) console.warn('[store] unreadable alert settings, defaults apply', workspaceId);
  return parsed.success ? parsed.data : null;
}

export async function putAlertSettings(workspaceId: string, settings: AlertSettings): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...alertKey.settings(workspaceId), type: 'alertSettings', settings } }));
}

export async function claimAlertKey(workspaceId: string, dedupeKey: string, expiresAt: Date): Promise<boolean> {
  const now = seconds(Date.now());
  try {
    // An expired claim that DynamoDB's TTL has not removed yet may be taken again.
    await db().send(new PutCommand({
      TableName: table(), Item: { ...alertKey.dedupe(workspaceId, dedupeKey), type: 'alertKey', [TABLE.ttlAttribute]: seconds(expiresAt.getTime()) },
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now', ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute }, ExpressionAttributeValues: { ':now': now },
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function putAlert(workspaceId: string, alert: AlertRecord): Promise<void> {
  await db().send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: table(), Item: { ...alertKey.alert(workspaceId, alert.id), type: 'alert', ...alert, [TABLE.ttlAttribute]: seconds(Date.parse(alert.createdAt)) + ALERT_DAYS * 86_400 } } },
      { Update: { TableName: table(), Key: alertKey.state(workspaceId), UpdateExpression: 'ADD unread :one SET #t = :t', ExpressionAttributeNames: { '#t': 'type' }, ExpressionAttributeValues: { ':one': 1, ':t': 'alertState' } } },
    ],
  }));
}

async function state(workspaceId: string): Promise<{ unread: number; readAllAt: string }> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: alertKey.state(workspaceId), ConsistentRead: true }));
  return { unread: Math.max(0, Number(res.Item?.unread ?? 0)), readAllAt: String(res.Item?.readAllAt ?? '') };
}

function toAlert(item: Record<string, unknown>, readAllAt: string): AlertRecord & { read: boolean } {
  const createdAt = String(item.createdAt);
  return {
    id: String(item.id), kind: item.kind as AlertRecord['kind'], brandId: (item.brandId as string | null | undefined) ?? null, title: String(item.title),
    detail: String(item.detail ?? ''), link: (item.link as string | null | undefined) ?? null, createdAt, read: item.read === true || createdAt <= readAllAt,
  };
}

export async function listAlerts(workspaceId: string, limit: number): Promise<{ items: (AlertRecord & { read: boolean })[]; unread: number }> {
  const [s, res] = await Promise.all([
    state(workspaceId),
    db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', Limit: limit,
      ExpressionAttributeValues: { ':pk': tenantPk(workspaceId), ':p': alertKey.alertPrefix },
    })),
  ]);
  return { items: (res.Items ?? []).map((i) => toAlert(i, s.readAllAt)), unread: s.unread };
}

export async function markAlertsRead(workspaceId: string, ids: string[]): Promise<number> {
  const { readAllAt } = await state(workspaceId);
  for (const id of new Set(ids)) {
    try {
      // Counted down once: only an alert not read yet, one by one or by the last "mark all read".
      await db().send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(), Key: alertKey.alert(workspaceId, id), UpdateExpression: 'SET #r = :true',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#r) AND createdAt > :all',
              ExpressionAttributeNames: { '#r': 'read' }, ExpressionAttributeValues: { ':true': true, ':all': readAllAt },
            },
          },
          { Update: { TableName: table(), Key: alertKey.state(workspaceId), UpdateExpression: 'ADD unread :minus', ExpressionAttributeValues: { ':minus': -1 } } },
        ],
      }));
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  return (await state(workspaceId)).unread;
}

export async function markAllAlertsRead(workspaceId: string, at: string): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: table(), Key: alertKey.state(workspaceId), UpdateExpression: 'SET unread = :zero, readAllAt = :at, #t = :t',
    ExpressionAttributeNames: { '#t': 'type' }, ExpressionAttributeValues: { ':zero': 0, ':at': at, ':t': 'alertState' },
  }));
}

export async function addSentimentCounts(workspaceId: string, counts: SentimentCount[]): Promise<SentimentCount[]> {
  const expires = seconds(Date.now()) + SENTIMENT_DAYS * 86_400;
  return Promise.all(counts.map(async (c) => {
    const res = await db().send(new UpdateCommand({
      TableName: table(), Key: alertKey.sentiment(workspaceId, c.scope, c.hour),
      UpdateExpression: 'ADD negative :n, #total :t SET #ttl = if_not_exists(#ttl, :ttl), #type = :type',
      ExpressionAttributeNames: { '#total': 'total', '#ttl': TABLE.ttlAttribute, '#type': 'type' },
      ExpressionAttributeValues: { ':n': c.negative, ':t': c.total, ':ttl': expires, ':type': 'sentimentCount' },
      ReturnValues: 'UPDATED_NEW',
    }));
    return { scope: c.scope, hour: c.hour, negative: Number(res.Attributes?.negative ?? c.negative), total: Number(res.Attributes?.total ?? c.total) };
  }));
}

export async function getSentimentCounts(workspaceId: string, scope: string, hours: string[]): Promise<SentimentCount[]> {
  const found = new Map<string, SentimentCount>();
  for (let i = 0; i < hours.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = hours.slice(i, i + 100).map((h) => alertKey.sentiment(workspaceId, scope, h));
    for (let tries = 0; keys?.length && tries < 5; tries++) {
      const res: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys, ConsistentRead: true } } }));
      for (const item of res.Responses?.[table()] ?? []) {
        const hour = String(item.sk).slice(`SENTIMENT#${scope}#`.length);
        found.set(hour, { scope, hour, negative: Number(item.negative ?? 0), total: Number(item.total ?? 0) });
      }
      keys = res.UnprocessedKeys?.[table()]?.Keys;
    }
  }
  return hours.map((hour) => found.get(hour) ?? { scope, hour, negative: 0, total: 0 });
}

export async function waitingSince(workspaceId: string, before: string, max: number): Promise<WaitingComment[]> {
  const out: WaitingComment[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    // The queue's sort key is `<timestamp>#<id>`: every key below `before` is a comment from before then.
    const res = await db().send(new QueryCommand({
      TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :b', ScanIndexForward: true,
      Limit: max - out.length, ExclusiveStartKey: start, ProjectionExpression: '#c.id, #c.#t, #c.accountId',
      ExpressionAttributeNames: { '#c': 'comment', '#t': 'timestamp' }, ExpressionAttributeValues: { ':p': commentKey.queue(workspaceId), ':b': before },
    }));
    for (const item of res.Items ?? []) {
      const c = item.comment as { id?: unknown; timestamp?: unknown; accountId?: unknown } | undefined;
      if (c && typeof c.id === 'string' && typeof c.timestamp === 'string') out.push({ id: c.id, timestamp: c.timestamp, accountId: typeof c.accountId === 'string' ? c.accountId : null });
    }
    start = res.LastEvaluatedKey;
  } while (start && out.length < max);
  return out;
}

export const dynamoAlertStore: AlertStore = {
  getAlertSettings, putAlertSettings, claimAlertKey, putAlert, listAlerts, markAlertsRead, markAllAlertsRead, addSentimentCounts, getSentimentCounts, waitingSince,
};
