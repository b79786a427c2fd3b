/** The DynamoDB document client, created once per process. Only store/ modules import it. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { traced } from '../observability/index.js';

let doc: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  if (!doc) {
    const endpoint = config.dynamoEndpoint;
    const client = traced(new DynamoDBClient({
      region: config.region,
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    }));
    doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return doc;
}

export function table(): string {
  return config.tableName;
}

/** True when a DynamoDB call failed because a condition did not hold (single write or transaction). */
export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return false;
}

function isTransactionConflict(err: unknown): boolean {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
  return e?.name === 'TransactionConflictException'
    || (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'));
}

/** Runs a transactional write, retrying with jittered backoff while another transaction holds the same item (counters). */
export async function withConflictRetry<T>(write: () => Promise<T>, attempts = 8): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await write();
    } catch (err) {
      if (!isTransactionConflict(err) || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** i));
    }
  }
}
