/** Store: fixed-window attempt counters with a TTL, for login and register throttling. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client.js';
import { TABLE } from '@cg/shared';
import { key } from './keys.js';

/** Counts one attempt in the current window and returns the count so far. */
export async function countAttempt(bucket: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const window = Math.floor(now / 1000 / windowSeconds);
  const res = await db().send(new UpdateCommand({
    TableName: table(), Key: key.rate(bucket, window),
    UpdateExpression: 'ADD attempts :one SET #ttl = if_not_exists(#ttl, :ttl)',
    ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
    ExpressionAttributeValues: { ':one': 1, ':ttl': (window + 2) * windowSeconds },
    ReturnValues: 'UPDATED_NEW',
  }));
  return Number(res.Attributes?.attempts ?? 1);
}
