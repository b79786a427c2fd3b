/**
 * Store: a brand's voice and knowledge-base entries, under the workspace (`BRAND#<brandId>#VOICE`,
 * `BRAND#<brandId>#KB#<entryId>`): one query reads a brand's voice and all its entries.
 */
import { BatchWriteCommand, DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { BrandVoice, KnowledgeEntry } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { bumpConfig } from './config-version.js';
import { brandKey, tenantPk } from './keys.js';
import type { BrandRecord } from '../domain/store-port.js';

export async function getBrand(workspaceId: string, brandId: string): Promise<BrandRecord> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':s': brandKey.prefix(brandId) }, ExclusiveStartKey: start,
    }));
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  let voice: BrandVoice | null = null;
  const knowledge: KnowledgeEntry[] = [];
  for (const item of items) {
    if (item.sk === brandKey.voice(workspaceId, brandId).sk) {
      const v = BrandVoice.safeParse(item.voice);
      if (v.success) voice = v.data; else console.warn('[brands] skipped a malformed voice', item.sk);
    } else {
      const e = KnowledgeEntry.safeParse(item.entry);
      if (e.success) knowledge.push(e.data); else console.warn('[brands] skipped a malformed knowledge entry', item.sk);
    }
  }
  return { voice, knowledge: knowledge.sort((a, b) => a.topic.localeCompare(b.topic) || a.title.localeCompare(b.title) || a.language.localeCompare(b.language)) };
}

export async function putVoice(workspaceId: string, brandId: string, voice: BrandVoice): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...brandKey.voice(workspaceId, brandId), type: 'brandVoice', brandId, voice } }));
  await bumpConfig(workspaceId, 'brands');
}

/** Writes an entry; with `mustExist`, false when it is not there (deleted meanwhile). */
export async function putEntry(workspaceId: string, brandId: string, entry: KnowledgeEntry, mustExist = false): Promise<boolean> {
  try {
    await db().send(new PutCommand({
      TableName: table(), Item: { ...brandKey.entry(workspaceId, brandId, entry.id), type: 'knowledge', brandId, entry },
      ...(mustExist ? { ConditionExpression: 'attribute_exists(pk)' } : {}),
    }));
    await bumpConfig(workspaceId, 'brands');
    return true;
  } catch (err) {
    if (mustExist && isConditionFailure(err)) return false;
    throw err;
  }
}

/** Writes many entries (25 per batch, unprocessed ones retried). */
export async function putEntries(workspaceId: string, brandId: string, entries: KnowledgeEntry[]): Promise<void> {
  try {
    await writeEntries(workspaceId, brandId, entries);
  } finally {
    // Also after a partial write: what was written is read back.
    if (entries.length) await bumpConfig(workspaceId, 'brands');
  }
}

async function writeEntries(workspaceId: string, brandId: string, entries: KnowledgeEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 25) {
    let requests: Record<string, unknown>[] = entries.slice(i, i + 25).map((entry) => ({
      PutRequest: { Item: { ...brandKey.entry(workspaceId, brandId, entry.id), type: 'knowledge', brandId, entry } },
    }));
    for (let attempt = 0; requests.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const res = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: requests as never } }));
      requests = (res.UnprocessedItems?.[table()] ?? []) as Record<string, unknown>[];
      if (attempt > 8 && requests.length) throw new Error(`[brands] ${requests.length} knowledge entries left unwritten after retries`);
    }
  }
}

/** False when there was no such entry. */
export async function deleteEntry(workspaceId: string, brandId: string, entryId: string): Promise<boolean> {
  const res = await db().send(new DeleteCommand({ TableName: table(), Key: brandKey.entry(workspaceId, brandId, entryId), ReturnValues: 'ALL_OLD' }));
  if (res.Attributes) await bumpConfig(workspaceId, 'brands');
  return !!res.Attributes;
}
