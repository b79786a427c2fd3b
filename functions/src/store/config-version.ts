/** Store: the version of a workspace's configuration area (domain/model.ts CONFIG_AREAS), bumped by every write of that area. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { configVersionAttribute, type ConfigArea } from '../domain/model.js';
import { db, isConditionFailure, table } from './client.js';
import { workspaceKey } from './keys.js';

/** After a write of `area`: its version on the workspace record goes up by one (nothing when the workspace is gone). */
export async function bumpConfig(workspaceId: string, area: ConfigArea): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: workspaceKey.item(workspaceId), UpdateExpression: 'ADD #v :one', ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#v': configVersionAttribute(area) }, ExpressionAttributeValues: { ':one': 1 },
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
