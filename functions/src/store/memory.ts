/**
 * Store: workspace memory — the moderators' decisions as examples (newest first, kept 180 days, the
 * newest MAX_EXAMPLES read back) — and each brand's autopilot settings (one item per brand).
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared/table';
import type { AutopilotSettings } from '@cg/shared/autopilot';
import type { Example } from '../domain/memory.js';
import { db, table } from './client.js';
import { bumpConfig } from './config-version.js';
import { memoryKey, tenantPk } from './keys.js';

const EXAMPLE_TTL_SECONDS = 180 * 86_400;
const DECISIONS = new Set(['reply', 'hide', 'delete', 'ignore']);

export async function putExample(workspaceId: string, e: Example): Promise<void> {
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...memoryKey.example(workspaceId, e.at, e.commentId), type: 'example', ...e, [TABLE.ttlAttribute]: Math.floor(Date.parse(e.at) / 1000) + EXAMPLE_TTL_SECONDS },
  }));
  await bumpConfig(workspaceId, 'examples');
}

function asExample(i: Record<string, unknown>): Example | null {
  if (typeof i.text !== 'string' || typeof i.commentId !== 'string' || typeof i.at !== 'string' || !DECISIONS.has(String(i.final))) return null;
  return {
    commentId: i.commentId, text: i.text, final: i.final as Example['final'], ai: DECISIONS.has(String(i.ai)) ? (i.ai as Example['ai']) : null,
    verb: (i.verb as Example['verb']) ?? 'kept', source: i.source === 'rule' ? 'rule' : 'moderator', brandId: typeof i.brandId === 'string' ? i.brandId : null, at: i.at,
  };
}

/** The newest `max` examples, newest first. */
export async function listExamples(workspaceId: string, max: number): Promise<Example[]> {
  const out: Example[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ScanIndexForward: false,
      ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': memoryKey.examplePrefix }, Limit: Math.min(max - out.length, 1_000), ExclusiveStartKey: start,
      ProjectionExpression: 'commentId, #t, #f, ai, verb, #s, brandId, #a', ExpressionAttributeNames: { '#t': 'text', '#f': 'final', '#s': 'source', '#a': 'at' },
    }));
    for (const i of res.Items ?? []) { const e = asExample(i); if (e) out.push(e); }
    start = res.LastEvaluatedKey;
  } while (start && out.length < max);
  return out;
}

function asSettings(i: Record<string, unknown>): AutopilotSettings {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = i;
  return rest as AutopilotSettings;
}

export async function getAutopilot(workspaceId: string, brandId: string): Promise<AutopilotSettings | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: memoryKey.autopilot(workspaceId, brandId) }));
  return res.Item ? asSettings(res.Item) : null;
}

export async function listAutopilot(workspaceId: string): Promise<AutopilotSettings[]> {
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': memoryKey.autopilotPrefix },
  }));
  return (res.Items ?? []).map(asSettings);
}

export async function putAutopilot(workspaceId: string, s: AutopilotSettings): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...memoryKey.autopilot(workspaceId, s.brandId), type: 'autopilot', ...s } }));
  await bumpConfig(workspaceId, 'autopilot');
}
