/**
 * Store: troll-attack incidents (issue 11 item 4). Burst counts per post are written once per comment
 * (a seen marker in the same transaction as the bucket's and the total's ADD), read back as one
 * Query over the window's few bucket items; an incident opens under its post's lock (a conditional
 * put: one open incident per post); the comments it hid are one item each under the incident.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Incident, TABLE } from '@cg/shared';
import type { IncidentHiddenRecord, IncidentRecord } from '../domain/store-port.js';
import { db, isConditionFailure, table, withConflictRetry } from './client.js';
import { incidentKey, tenantPk } from './keys.js';

const DAY = 86_400;
/** Seen markers outlive any redelivery and their window; buckets outlive their window; totals (the baseline) last 90 days after the last count. */
const SEEN_TTL = 3 * DAY;
const BUCKET_TTL = 2 * DAY;
const TOTAL_TTL = 90 * DAY;
const INCIDENT_TTL = 366 * DAY;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const IncidentItem = Incident.omit({ status: true });

function toRecord(item: Record<string, unknown>): IncidentRecord | null {
  const r = IncidentItem.safeParse(item);
  if (!r.success) { console.warn('[incidents] skipped a malformed incident', item.sk); return null; }
  return r.data;
}

/** Most comments counted in one transaction: a seen marker each, plus their buckets and the total (≤ 100 items). */
const COUNT_CHUNK = 45;

/**
 * Counts comments of one post once each (a seen marker per comment in the same transaction as the
 * buckets' and the total's ADD: one transaction for up to 45 comments; when one was counted before —
 * a redelivery — the chunk is counted again comment by comment), then reads the window's counts.
 */
export async function countBurst(workspaceId: string, platform: string, postId: string, comments: { id: string; atMs: number; bucket: number }[], window: { from: number; to: number }) {
  for (let i = 0; i < comments.length; i += COUNT_CHUNK) {
    const chunk = comments.slice(i, i + COUNT_CHUNK);
    try {
      await countOnce(workspaceId, platform, postId, chunk);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      // Counted before (a redelivery): count the others one at a time.
      if (chunk.length > 1) for (const c of chunk) await countOnce(workspaceId, platform, postId, [c]).catch((e) => { if (!isConditionFailure(e)) throw e; });
    }
  }
  const from = incidentKey.bucket(workspaceId, platform, postId, window.from).sk;
  const to = incidentKey.bucket(workspaceId, platform, postId, window.to).sk;
  const [buckets, total] = await Promise.all([
    db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b', ConsistentRead: true,
      ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':a': from, ':b': to },
    })),
    db().send(new GetCommand({ TableName: table(), Key: incidentKey.total(workspaceId, platform, postId), ConsistentRead: true })),
  ]);
  const n = (buckets.Items ?? []).reduce((sum, item) => sum + Number(item.n ?? 0), 0);
  const firstAt = Math.min(...comments.map((c) => c.atMs));
  return { window: n, total: Number(total.Item?.n ?? n), firstAtMs: Number(total.Item?.firstAtMs ?? firstAt) };
}

/** The ids of the comments counted in buckets `from`..`to` (their seen markers: one small item each, so a burst of any size reads in pages). */
export async function burstCommentIds(workspaceId: string, platform: string, postId: string, window: { from: number; to: number }): Promise<string[]> {
  const [a, b] = incidentKey.seenRange(platform, postId, window.from, window.to);
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b', ConsistentRead: true, ExclusiveStartKey: start,
      ProjectionExpression: 'commentId', ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':a': a, ':b': b },
    }));
    for (const item of res.Items ?? []) ids.push(String(item.commentId));
    start = res.LastEvaluatedKey;
  } while (start);
  return ids;
}

/** One transaction: each comment's seen marker (conditional: never counted twice), its bucket's and the post's total ADD. */
async function countOnce(workspaceId: string, platform: string, postId: string, comments: { id: string; atMs: number; bucket: number }[]): Promise<void> {
  const ttl = nowSeconds();
  const perBucket = new Map<number, number>();
  for (const c of comments) perBucket.set(c.bucket, (perBucket.get(c.bucket) ?? 0) + 1);
  await withConflictRetry(() => db().send(new TransactWriteCommand({
    TransactItems: [
      ...comments.map((c) => ({ Put: {
        TableName: table(), Item: { ...incidentKey.seen(workspaceId, platform, postId, c.bucket, c.id), type: 'burstSeen', commentId: c.id, [TABLE.ttlAttribute]: ttl + SEEN_TTL },
        ConditionExpression: 'attribute_not_exists(pk)',
      } })),
      ...[...perBucket].map(([bucket, n]) => ({ Update: {
        TableName: table(), Key: incidentKey.bucket(workspaceId, platform, postId, bucket),
        UpdateExpression: 'ADD #n :n SET #type = :t, #ttl = :ttl',
        ExpressionAttributeNames: { '#n': 'n', '#type': 'type', '#ttl': TABLE.ttlAttribute },
        ExpressionAttributeValues: { ':n': n, ':t': 'burstBucket', ':ttl': ttl + BUCKET_TTL },
      } })),
      { Update: {
        TableName: table(), Key: incidentKey.total(workspaceId, platform, postId),
        UpdateExpression: 'ADD #n :n SET #first = if_not_exists(#first, :at), #type = :t, #ttl = :ttl',
        ExpressionAttributeNames: { '#n': 'n', '#first': 'firstAtMs', '#type': 'type', '#ttl': TABLE.ttlAttribute },
        ExpressionAttributeValues: { ':n': comments.length, ':at': Math.min(...comments.map((c) => c.atMs)), ':t': 'burstTotal', ':ttl': ttl + TOTAL_TTL },
      } },
    ],
  })));
}

export async function openIncident(workspaceId: string, incident: IncidentRecord, now: string): Promise<boolean> {
  const ttl = Math.floor(Date.parse(incident.openedAt) / 1000) + INCIDENT_TTL;
  try {
    await db().send(new TransactWriteCommand({
      TransactItems: [
        { Put: {
          TableName: table(),
          Item: { ...incidentKey.post(workspaceId, incident.platform, incident.postId), type: 'incidentPost', incidentId: incident.id, endsAt: incident.endsAt, [TABLE.ttlAttribute]: Math.floor(Date.parse(incident.endsAt) / 1000) + DAY },
          // Free when there is none, or the last one ended and its cool-down (after a moderator closed it) is over.
          ConditionExpression: 'attribute_not_exists(pk) OR (#e <= :now AND (attribute_not_exists(#q) OR #q <= :now))',
          ExpressionAttributeNames: { '#e': 'endsAt', '#q': 'quietUntil' },
          ExpressionAttributeValues: { ':now': now },
        } },
        { Put: { TableName: table(), Item: { ...incidentKey.incident(workspaceId, incident.id), type: 'incident', ...incident, [TABLE.ttlAttribute]: ttl }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function getIncident(workspaceId: string, id: string): Promise<IncidentRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: incidentKey.incident(workspaceId, id), ConsistentRead: true }));
  return res.Item ? toRecord(res.Item) : null;
}

export async function openIncidentOf(workspaceId: string, platform: string, postId: string, now: string): Promise<IncidentRecord | null> {
  const lock = await db().send(new GetCommand({ TableName: table(), Key: incidentKey.post(workspaceId, platform, postId), ConsistentRead: true }));
  if (!lock.Item || String(lock.Item.endsAt) <= now) return null;
  const incident = await getIncident(workspaceId, String(lock.Item.incidentId));
  return incident && !incident.closedAt && incident.endsAt > now ? incident : null;
}

export async function listIncidents(workspaceId: string, limit: number): Promise<IncidentRecord[]> {
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ScanIndexForward: false, Limit: limit,
    ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': incidentKey.incidentPrefix },
  }));
  return (res.Items ?? []).map(toRecord).filter((r): r is IncidentRecord => r !== null);
}

export async function closeIncident(workspaceId: string, id: string, at: string, by: string | null, quietUntil: string): Promise<boolean> {
  let closed: IncidentRecord | null;
  try {
    const res = await db().send(new UpdateCommand({
      TableName: table(), Key: incidentKey.incident(workspaceId, id),
      UpdateExpression: 'SET #c = :at, #by = :by',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#c) OR attribute_type(#c, :null))',
      ExpressionAttributeNames: { '#c': 'closedAt', '#by': 'closedBy' },
      ExpressionAttributeValues: { ':at': at, ':by': by, ':null': 'NULL' }, ReturnValues: 'ALL_NEW',
    }));
    closed = res.Attributes ? toRecord(res.Attributes) : null;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
  if (closed) {
    // End the post's lock now (unless a newer incident holds it), quiet until `quietUntil`: the burst that opened it does not reopen one at once.
    await db().send(new UpdateCommand({
      TableName: table(), Key: incidentKey.post(workspaceId, closed.platform, closed.postId),
      UpdateExpression: 'SET #e = :at, #q = :q',
      ConditionExpression: '#i = :id', ExpressionAttributeNames: { '#i': 'incidentId', '#e': 'endsAt', '#q': 'quietUntil' }, ExpressionAttributeValues: { ':id': id, ':at': at, ':q': quietUntil },
    })).catch((err: unknown) => { if (!isConditionFailure(err)) throw err; });
  }
  return true;
}

export async function claimHidden(workspaceId: string, incidentId: string, commentId: string, at: string, staleBefore: string): Promise<boolean> {
  try {
    await db().send(new PutCommand({
      // Free, or claimed before `staleBefore` by a holder that never completed nor released it (its process ended).
      TableName: table(), ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(#l) AND #at < :stale)',
      ExpressionAttributeNames: { '#l': 'automationLogId', '#at': 'at' }, ExpressionAttributeValues: { ':stale': staleBefore },
      Item: { ...incidentKey.hidden(workspaceId, incidentId, commentId), type: 'incidentHidden', incidentId, commentId, at, restoredAt: null, [TABLE.ttlAttribute]: nowSeconds() + INCIDENT_TTL },
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function completeHidden(workspaceId: string, h: IncidentHiddenRecord): Promise<void> {
  // Several hides of one incident count on its item at once: retried while another transaction holds it.
  await withConflictRetry(() => db().send(new TransactWriteCommand({
    TransactItems: [
      { Update: {
        TableName: table(), Key: incidentKey.hidden(workspaceId, h.incidentId, h.commentId),
        UpdateExpression: 'SET #l = :l, #at = :at', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#l)',
        ExpressionAttributeNames: { '#l': 'automationLogId', '#at': 'at' }, ExpressionAttributeValues: { ':l': h.automationLogId, ':at': h.at },
      } },
      { Update: { TableName: table(), Key: incidentKey.incident(workspaceId, h.incidentId), UpdateExpression: 'ADD #h :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#h': 'hidden' }, ExpressionAttributeValues: { ':one': 1 } } },
    ],
  })));
}

export async function releaseHidden(workspaceId: string, incidentId: string, commentId: string): Promise<void> {
  await db().send(new DeleteCommand({
    TableName: table(), Key: incidentKey.hidden(workspaceId, incidentId, commentId),
    ConditionExpression: 'attribute_not_exists(#l)', ExpressionAttributeNames: { '#l': 'automationLogId' },
  })).catch((err: unknown) => { if (!isConditionFailure(err)) throw err; });
}

export async function listHidden(workspaceId: string, incidentId: string): Promise<IncidentHiddenRecord[]> {
  const out: IncidentHiddenRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExclusiveStartKey: start,
      ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': incidentKey.hiddenPrefix(incidentId) },
    }));
    for (const i of res.Items ?? []) {
      if (typeof i.automationLogId !== 'string') continue; // claimed, the hide under way (or it did not happen)
      out.push({ incidentId: String(i.incidentId), commentId: String(i.commentId), automationLogId: String(i.automationLogId), at: String(i.at), restoredAt: (i.restoredAt as string | null) ?? null });
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

export async function markRestored(workspaceId: string, incidentId: string, commentId: string, at: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: incidentKey.hidden(workspaceId, incidentId, commentId),
      UpdateExpression: 'SET #r = :at', ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#r) OR attribute_type(#r, :null))',
      ExpressionAttributeNames: { '#r': 'restoredAt' },
      ExpressionAttributeValues: { ':at': at, ':null': 'NULL' },
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function noteRestored(workspaceId: string, id: string, at: string, n: number): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: table(), Key: incidentKey.incident(workspaceId, id),
    UpdateExpression: 'SET #at = :at ADD #r :n', ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#at': 'restoredAt', '#r': 'restored' },
    ExpressionAttributeValues: { ':at': at, ':n': n },
  }));
}
