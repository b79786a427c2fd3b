/**
 * Store: server-side sessions. A sign-in creates one (its id is in an HttpOnly cookie beside the
 * Cognito tokens); every authorised request needs it, so signing out, a password reset or deleting
 * the user ends it for good, even for a cookie captured earlier. It also holds the session's active workspace.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { sessionKey } from './keys.js';

/** As long as Cognito's refresh token lives (30 days). */
export const SESSION_TTL_SECONDS = 30 * 86_400;

import type { SessionRecord } from '../domain/model.js';
export type { SessionRecord };

export async function createSession(s: SessionRecord, now = Date.now()): Promise<void> {
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...sessionKey.item(s.sessionId), ...sessionKey.byUser(s.userId, s.sessionId), type: 'session', ...s, [TABLE.ttlAttribute]: Math.floor(now / 1000) + SESSION_TTL_SECONDS },
  }));
}

export async function getSession(sessionId: string, now = Date.now()): Promise<SessionRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: sessionKey.item(sessionId), ConsistentRead: true }));
  const item = res.Item;
  if (!item || Number(item[TABLE.ttlAttribute] ?? 0) <= Math.floor(now / 1000)) return null;
  return { sessionId, userId: item.userId as string, workspaceId: (item.workspaceId as string | null) ?? null, createdAt: item.createdAt as string };
}

/** Sets the session's active workspace; false when the session is gone. */
export async function setSessionWorkspace(sessionId: string, workspaceId: string | null): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({ TableName: table(), Key: sessionKey.item(sessionId), UpdateExpression: 'SET workspaceId = :w', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':w': workspaceId } }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: sessionKey.item(sessionId) }));
}

/** Ends every session of a user (password reset, account deletion); returns how many. */
export async function revokeUserSessions(userId: string): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': sessionKey.userPartition(userId) }, ExclusiveStartKey: start }));
    for (const item of res.Items ?? []) { await deleteSession(item.sessionId as string); n++; }
    start = res.LastEvaluatedKey;
  } while (start);
  return n;
}
