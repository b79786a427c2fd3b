/**
 * Analysis of a workspace's queued comments (design D5): the ones still `processing` are analysed
 * per brand (replies speak for the comment's Facebook page) through the AI port and their decisions
 * recorded; a duplicate delivery finds them no longer processing and changes nothing.
 */
import { AnalysisError, type Analyser, type BrandContext } from '../analysis/port.js';
import type { StoredComment } from './model.js';
import type { Notifier } from './ports.js';
import { recordDecisions, type AnalysisOutcome } from './moderation.js';
import { stores } from './store-port.js';
import { handOver, type AutomaticQueuePort } from './autopilot-handover.js';
import { loadMemory } from './learning.js';
import { buildMemory, withMemory } from './memory.js';
import { brandReader } from './brands.js';

const DEFAULT_BRAND = 'our team';

export interface AnalysisDeps {
  analyser: Analyser;
  notifier: Notifier;
  /** Where comments autopilot or the cross-post memory may act on are handed over (no Meta client here). */
  automatic?: AutomaticQueuePort;
}

/** Account id → its brand (the Facebook page that the account belongs to): the page id and name. */
async function brandsOfAccounts(workspaceId: string): Promise<Map<string, { id: string; name: string }>> {
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const pageName = new Map(accounts.filter((a) => a.platform === 'facebook').map((a) => [a.externalId, a.accountName]));
  return new Map(accounts.map((a) => [a.id, { id: a.brandId, name: pageName.get(a.brandId) ?? a.accountName }]));
}

/** The brand's voice and knowledge base for the analyser (defaults when none is saved or it cannot be read). */
async function brandContext(read: ReturnType<typeof brandReader>, brandId: string, businessName: string): Promise<BrandContext> {
  if (!brandId) return { businessName };
  try {
    const { voice, knowledge } = await read(brandId);
    return { businessName, ...(voice ? { voice } : {}), knowledge };
  } catch (err) {
    console.warn('[analysis] brand voice and knowledge not loaded', brandId, (err as Error).message);
    return { businessName };
  }
}

export async function analyseWorkspace(deps: AnalysisDeps, workspaceId: string, commentIds: string[]): Promise<void> {
  // Unreadable comments are skipped (and logged) by the store.
  const stored = await stores.comments.getComments(workspaceId, [...new Set(commentIds)]);
  const todo = stored.filter((s) => s.comment.status === 'processing');
  if (!todo.length) return;
  const brands = await brandsOfAccounts(workspaceId);
  const byBrand = new Map<string, { businessName: string; group: StoredComment[] }>();
  for (const s of todo) {
    const brand = brands.get(s.comment.accountId ?? '') ?? { id: '', name: DEFAULT_BRAND };
    const entry = byBrand.get(brand.id) ?? { businessName: brand.name, group: [] };
    entry.group.push(s);
    byBrand.set(brand.id, entry);
  }
  const readBrand = brandReader(workspaceId);
  const results: { stored: StoredComment; outcome: AnalysisOutcome }[] = [];
  // The workspace's memory (learning.ts): decisions moderators took on the same text, and the layer learnt from them.
  const memory = await loadMemory(workspaceId).catch((err: Error) => { console.warn('[analysis] memory not loaded', workspaceId, err.message); return buildMemory([]); });
  for (const [brandId, { businessName, group }] of byBrand) {
    const inputs = group.map((s) => ({ id: s.comment.id, content: s.comment.content, authorName: s.comment.authorName, platform: s.comment.platform }));
    try {
      const decisions = await deps.analyser.analyse(inputs, await brandContext(readBrand, brandId, businessName));
      group.forEach((stored, i) => results.push({ stored, outcome: { decision: withMemory(memory, stored.comment.content, decisions[i]!) } }));
    } catch (err) {
      if (!(err instanceof AnalysisError)) throw err;
      for (const stored of group) results.push({ stored, outcome: { error: `Analysis failed: ${err.message}` } });
    }
  }
  await recordDecisions({ notifier: deps.notifier }, workspaceId, results);
  if (deps.automatic) await handOver(deps.automatic, workspaceId, results.flatMap((r) => ('decision' in r.outcome ? [{ comment: r.stored.comment, decision: r.outcome.decision }] : [])));
}
