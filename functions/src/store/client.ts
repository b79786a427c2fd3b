/** The DynamoDB document client, created once per process. Only store/ modules import it. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
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
    doc.middlewareStack.add((next) => (args) => next({ ...args, input: prefixAsRange(args.input as QueryCommandInput) }), { step: 'initialize', name: 'prefixAsRange' });
  }
  return doc;
}

/** Above every sort key that starts with a prefix: the prefix followed by the highest code point (UTF-8 F4 8F BF BF). */
const PREFIX_END = '\u{10FFFF}';

/**
 * A key condition `begins_with(sk, :s)` asked as `sk BETWEEN :s AND :s_end` (the same items: every
 * key starting with the prefix sorts between the prefix and the prefix followed by U+10FFFF). DynamoDB
 * answers both alike; DynamoDB Local, which the local stack and the tests run, reads begins_with from
 * the prefix to the end of the partition — 300 ms per call at 100,000 comments in a workspace, against
 * a few ms for the range — so every Query is asked this way.
 */
export function prefixAsRange<T extends Partial<QueryCommandInput>>(input: T): T {
  const m = input.KeyConditionExpression?.match(/begins_with\(\s*([#\w]+)\s*,\s*(:\w+)\s*\)/);
  const prefix: unknown = m && input.ExpressionAttributeValues?.[m[2]!];
  // The document client's input (a string), or already marshalled ({S: string}).
  const upper = typeof prefix === 'string' ? prefix + PREFIX_END : typeof (prefix as { S?: unknown })?.S === 'string' ? { S: (prefix as { S: string }).S + PREFIX_END } : null;
  if (!m || !upper) return input;
  const end = `${m[2]}_end`;
  return {
    ...input,
    KeyConditionExpression: input.KeyConditionExpression!.replace(m[0], `${m[1]} BETWEEN ${m[2]} AND ${end}`),
    ExpressionAttributeValues: { ...input.ExpressionAttributeValues, [end]: upper },
  };
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
