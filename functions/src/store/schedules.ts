/** Store: each brand's automation schedule, one item per brand under the workspace (`SCHEDULE#<brandId>`). */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client.js';
import { memoryKey } from './keys.js';
import type { StoredBrandSchedule } from '../domain/store-port.js';

export async function getSchedule(workspaceId: string, brandId: string): Promise<StoredBrandSchedule | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: memoryKey.schedule(workspaceId, brandId) }));
  if (!res.Item) return null;
  const { brandId: b, preset, times, timeZone, updatedAt } = res.Item as StoredBrandSchedule;
  return { brandId: b, preset, times, timeZone, updatedAt };
}

export async function putSchedule(workspaceId: string, s: StoredBrandSchedule): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...memoryKey.schedule(workspaceId, s.brandId), type: 'brandSchedule', ...s } }));
}
