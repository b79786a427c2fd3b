/**
 * Store: a workspace's rules and saved replies (one item each under the workspace), and its
 * Automation log (newest first, cursor paged, kept a year).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AutomationEntry, Rule, SavedReply, TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { bumpConfig } from './config-version.js';
import { ruleKey, tenantPk } from './keys.js';

const LOG_TTL_SECONDS = 366 * 86_400;

async function listPrefix(workspaceId: string, prefix: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': prefix }, ExclusiveStartKey: start,
    }));
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

function parsed<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, item: Record<string, unknown>, what: string): T | null {
  const r = schema.safeParse(item);
  if (r.success) return r.data;
  console.warn(`[rules] skipped a malformed ${what}`, item.sk);
  return null;
}

export async function listRules(workspaceId: string): Promise<Rule[]> {
  const rules = (await listPrefix(workspaceId, ruleKey.rulePrefix)).map((i) => parsed(Rule, i, 'rule')).filter((r): r is Rule => r !== null);
  return rules.sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt));
}

export async function getRule(workspaceId: string, id: string): Promise<Rule | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: ruleKey.rule(workspaceId, id) }));
  return res.Item ? parsed(Rule, res.Item, 'rule') : null;
}

export async function putRule(workspaceId: string, rule: Rule): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...ruleKey.rule(workspaceId, rule.id), type: 'rule', ...rule } }));
  await bumpConfig(workspaceId, 'rules');
}

/** False when there was no such rule. */
export async function deleteRule(workspaceId: string, id: string): Promise<boolean> {
  const res = await db().send(new DeleteCommand({ TableName: table(), Key: ruleKey.rule(workspaceId, id), ReturnValues: 'ALL_OLD' }));
  if (res.Attributes) await bumpConfig(workspaceId, 'rules');
  return Boolean(res.Attributes);
}

export async function listSavedReplies(workspaceId: string): Promise<SavedReply[]> {
  const replies = (await listPrefix(workspaceId, ruleKey.savedReplyPrefix)).map((i) => parsed(SavedReply, i, 'saved reply')).filter((r): r is SavedReply => r !== null);
  return replies.sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
}

export async function getSavedReply(workspaceId: string, id: string): Promise<SavedReply | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: ruleKey.savedReply(workspaceId, id) }));
  return res.Item ? parsed(SavedReply, res.Item, 'saved reply') : null;
}

export async function putSavedReply(workspaceId: string, reply: SavedReply): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...ruleKey.savedReply(workspaceId, reply.id), type: 'savedReply', ...reply } }));
}

export async function deleteSavedReply(workspaceId: string, id: string): Promise<boolean> {
  const res = await db().send(new DeleteCommand({ TableName: table(), Key: ruleKey.savedReply(workspaceId, id), ReturnValues: 'ALL_OLD' }));
  return Boolean(res.Attributes);
}

export async function addLogEntry(workspaceId: string, entry: AutomationEntry): Promise<void> {
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...ruleKey.log(workspaceId, entry.id), type: 'automationLog', ...entry, [TABLE.ttlAttribute]: Math.floor(Date.parse(entry.at) / 1000) + LOG_TTL_SECONDS },
  }));
}

export async function getLogEntry(workspaceId: string, id: string): Promise<AutomationEntry | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: ruleKey.log(workspaceId, id), ConsistentRead: true }));
  return res.Item ? parsed(AutomationEntry, res.Item, 'automation log entry') : null;
}

/** One page, newest first, strictly after the entry `afterId`. */
export async function listLogEntries(workspaceId: string, limit: number, afterId?: string): Promise<{ entries: AutomationEntry[]; nextCursor: string | null }> {
  const pk = tenantPk(workspaceId);
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':p': pk, ':s': ruleKey.logPrefix }, ScanIndexForward: false, Limit: limit,
    ...(afterId ? { ExclusiveStartKey: ruleKey.log(workspaceId, afterId) } : {}),
  }));
  const entries = (res.Items ?? []).map((i) => parsed(AutomationEntry, i, 'automation log entry')).filter((e): e is AutomationEntry => e !== null);
  const last = res.LastEvaluatedKey?.sk as string | undefined;
  return { entries, nextCursor: last ? last.slice(ruleKey.logPrefix.length) : null };
}

/** Marks an entry undone once (conditional): false when it was already undone. */
export async function markLogUndone(workspaceId: string, id: string, at: string, by: string | null): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: ruleKey.log(workspaceId, id),
      UpdateExpression: by ? 'SET undoneAt = :at, undoneBy = :by' : 'SET undoneAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(undoneAt)',
      ExpressionAttributeValues: { ':at': at, ...(by ? { ':by': by } : {}) },
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
