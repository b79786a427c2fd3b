/** Store: the status of Meta data-deletion requests, served at the URL the callback returns (kept ~90 days). */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, table } from './client.js';

import type { DeletionStatus } from '../domain/model.js';
export type { DeletionStatus };

const KEEP_SECONDS = 90 * 24 * 3600;
const deletionKey = (code: string) => ({ pk: `DELETION#${code}`, sk: 'STATUS' });

export async function putDeletionStatus(s: DeletionStatus): Promise<void> {
  const ttl = Math.floor(Date.parse(s.completedAt) / 1000) + KEEP_SECONDS;
  await db().send(new PutCommand({ TableName: table(), Item: { ...deletionKey(s.code), type: 'data-deletion', ...s, [TABLE.ttlAttribute]: ttl } }));
}

export async function getDeletionStatus(code: string): Promise<DeletionStatus | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: deletionKey(code) }));
  if (!res.Item) return null;
  return { code: String(res.Item.code), status: 'completed', completedAt: String(res.Item.completedAt) };
}
