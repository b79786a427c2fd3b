/**
 * A brand's voice and answers (issue 10 item 5): per brand (a connected Facebook page, its id at
 * Meta) of the workspace, the voice replies are written in and the knowledge base questions are
 * answered from. The analysis reads them per batch (brandContexts).
 */
import { randomUUID } from 'node:crypto';
import {
  BrandVoice, MAX_KNOWLEDGE_ENTRIES, type BrandSummary, type KnowledgeEntry, type KnowledgeEntryInput, type KnowledgeImportResult,
} from '@cg/shared';
import { Invalid, Missing } from './errors.js';
import { parseKnowledgeCsv } from './knowledge-csv.js';
import { stores, type BrandRecord } from './store-port.js';

/** The workspace's brands: each connected Facebook page with its accounts (named after the page). */
export async function listBrands(workspaceId: string): Promise<BrandSummary[]> {
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const brands = new Map<string, BrandSummary>();
  for (const a of [...accounts].sort((x, y) => (x.platform === 'facebook' ? -1 : 1) - (y.platform === 'facebook' ? -1 : 1))) {
    const b = brands.get(a.brandId) ?? { id: a.brandId, name: a.accountName, platforms: [] };
    if (!b.platforms.includes(a.platform)) b.platforms.push(a.platform);
    brands.set(a.brandId, b);
  }
  return [...brands.values()].sort((x, y) => x.name.localeCompare(y.name));
}

async function requireBrand(workspaceId: string, brandId: string): Promise<void> {
  const accounts = await stores.accounts.listAccounts(workspaceId);
  if (!accounts.some((a) => a.brandId === brandId)) throw new Missing(`No connected brand ${brandId} in this workspace: connect its Facebook page in Settings first.`);
}

export async function getVoice(workspaceId: string, brandId: string): Promise<BrandVoice> {
  await requireBrand(workspaceId, brandId);
  return (await stores.brands.getBrand(workspaceId, brandId)).voice ?? BrandVoice.parse({});
}

export async function saveVoice(workspaceId: string, brandId: string, voice: BrandVoice): Promise<BrandVoice> {
  await requireBrand(workspaceId, brandId);
  const clean = { ...voice, bannedWords: [...new Map(voice.bannedWords.map((w) => [w.toLowerCase(), w])).values()] };
  await stores.brands.putVoice(workspaceId, brandId, clean);
  return clean;
}

export async function listKnowledge(workspaceId: string, brandId: string): Promise<KnowledgeEntry[]> {
  await requireBrand(workspaceId, brandId);
  return (await stores.brands.getBrand(workspaceId, brandId)).knowledge;
}

const entryOf = (id: string, input: KnowledgeEntryInput): KnowledgeEntry => ({ ...input, id, updatedAt: new Date().toISOString() });

export async function addEntry(workspaceId: string, brandId: string, input: KnowledgeEntryInput): Promise<KnowledgeEntry> {
  const existing = await listKnowledge(workspaceId, brandId);
  if (existing.length >= MAX_KNOWLEDGE_ENTRIES) throw new Invalid(`A brand's knowledge base holds at most ${MAX_KNOWLEDGE_ENTRIES} entries: delete some first.`);
  const entry = entryOf(randomUUID(), input);
  await stores.brands.putEntry(workspaceId, brandId, entry);
  return entry;
}

export async function updateEntry(workspaceId: string, brandId: string, entryId: string, input: KnowledgeEntryInput): Promise<KnowledgeEntry> {
  await requireBrand(workspaceId, brandId);
  const entry = entryOf(entryId, input);
  if (!(await stores.brands.putEntry(workspaceId, brandId, entry, true))) throw new Missing(`No knowledge-base entry ${entryId} for this brand.`);
  return entry;
}

export async function deleteEntry(workspaceId: string, brandId: string, entryId: string): Promise<void> {
  await requireBrand(workspaceId, brandId);
  if (!(await stores.brands.deleteEntry(workspaceId, brandId, entryId))) throw new Missing(`No knowledge-base entry ${entryId} for this brand.`);
}

const sameEntry = (e: Pick<KnowledgeEntryInput, 'title' | 'language'>) => `${e.language}|${e.title.trim().toLowerCase()}`;

/** Imports a CSV (or only previews it: dryRun): an entry with the title and language of one already there replaces it; nothing is written when a row is wrong. */
export async function importKnowledge(workspaceId: string, brandId: string, csv: string, dryRun = false): Promise<KnowledgeImportResult> {
  await requireBrand(workspaceId, brandId);
  const brand = await stores.brands.getBrand(workspaceId, brandId);
  const inputs = await parseKnowledgeCsv(csv, brand.voice?.defaultLanguage ?? 'en');
  const byKey = new Map(brand.knowledge.map((e) => [sameEntry(e), e]));
  const written = new Map<string, KnowledgeEntry>();
  let added = 0, updated = 0;
  for (const input of inputs) {
    const key = sameEntry(input);
    const id = written.get(key)?.id ?? byKey.get(key)?.id;
    if (!written.has(key)) { if (byKey.has(key)) updated++; else added++; }
    written.set(key, entryOf(id ?? randomUUID(), input));
  }
  if (brand.knowledge.length + added > MAX_KNOWLEDGE_ENTRIES) {
    throw new Invalid(`This import would make ${brand.knowledge.length + added} entries; a brand's knowledge base holds at most ${MAX_KNOWLEDGE_ENTRIES}.`);
  }
  const entries = [...written.values()];
  if (!dryRun) await stores.brands.putEntries(workspaceId, brandId, entries);
  return { added, updated, entries, dryRun };
}

/** Each brand's voice and knowledge for one analysis batch (read once per brand). */
export function brandReader(workspaceId: string): (brandId: string) => Promise<BrandRecord> {
  const cache = new Map<string, Promise<BrandRecord>>();
  return (brandId) => {
    let hit = cache.get(brandId);
    if (!hit) cache.set(brandId, (hit = stores.brands.getBrand(workspaceId, brandId)));
    return hit;
  };
}
