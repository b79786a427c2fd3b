/** Store: the workspace's audit log (who changed what, when), newest first, kept a year (TTL). */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { AuditEntry, TABLE } from '@cg/shared';
import { db, table } from './client.js';
import { tenantPk, workspaceKey } from './keys.js';

const YEAR_SECONDS = 366 * 86_400;

export async function recordAudit(workspaceId: string, entry: Omit<AuditEntry, 'id' | 'at'>, now = new Date()): Promise<AuditEntry> {
  const full: AuditEntry = { id: randomUUID(), at: now.toISOString(), ...entry };
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...workspaceKey.audit(workspaceId, full.at, full.id), type: 'audit', ...full, [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + YEAR_SECONDS },
  }));
  return full;
}

function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(String(key.sk)).toString('base64url');
}

/** The sort key a cursor stands for, or null when the cursor is not one of ours. */
export function decodeCursor(cursor: string): string | null {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  return sk.startsWith(workspaceKey.auditPrefix) && sk.length < 200 ? sk : null;
}

/** One page of entries, newest first; `afterSk` continues from a cursor. */
export async function listAudit(workspaceId: string, limit: number, afterSk?: string): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const pk = tenantPk(workspaceId);
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':p': pk, ':s': workspaceKey.auditPrefix }, ScanIndexForward: false, Limit: limit,
    ...(afterSk ? { ExclusiveStartKey: { pk, sk: afterSk } } : {}),
  }));
  const entries: AuditEntry[] = [];
  for (const item of res.Items ?? []) {
    const parsed = AuditEntry.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else console.warn('[audit] skipped a malformed entry', item.sk);
  }
  return { entries, nextCursor: res.LastEvaluatedKey ? encodeCursor(res.LastEvaluatedKey) : null };
}
