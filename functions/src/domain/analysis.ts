/**
 * Analysis of a workspace's queued comments (design D5): the ones still `processing` are analysed
 * per brand (replies speak for the comment's Facebook page) through the AI port and their decisions
 * recorded; a duplicate delivery finds them no longer processing and changes nothing.
 */
import { AnalysisError, type Analyser } from '../analysis/port.js';
import type { StoredComment } from './model.js';
import type { Notifier } from './ports.js';
import { recordDecisions, type AnalysisOutcome } from './moderation.js';
import { stores } from './store-port.js';

const DEFAULT_BRAND = 'our team';

export interface AnalysisDeps { analyser: Analyser; notifier: Notifier }

/** Account id → the name of its brand (the Facebook page that the account belongs to). */
async function brandNames(workspaceId: string): Promise<Map<string, string>> {
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const pageName = new Map(accounts.filter((a) => a.platform === 'facebook').map((a) => [a.externalId, a.accountName]));
  return new Map(accounts.map((a) => [a.id, pageName.get(a.brandId) ?? a.accountName]));
}

export async function analyseWorkspace(deps: AnalysisDeps, workspaceId: string, commentIds: string[]): Promise<void> {
  // Unreadable comments are skipped (and logged) by the store.
  const stored = await stores.comments.getComments(workspaceId, [...new Set(commentIds)]);
  const todo = stored.filter((s) => s.comment.status === 'processing');
  if (!todo.length) return;
  const names = await brandNames(workspaceId);
  const byBrand = new Map<string, StoredComment[]>();
  for (const s of todo) {
    const brand = names.get(s.comment.accountId ?? '') ?? DEFAULT_BRAND;
    byBrand.set(brand, [...(byBrand.get(brand) ?? []), s]);
  }
  const results: { stored: StoredComment; outcome: AnalysisOutcome }[] = [];
  for (const [businessName, group] of byBrand) {
    const inputs = group.map((s) => ({ id: s.comment.id, content: s.comment.content, authorName: s.comment.authorName, platform: s.comment.platform }));
    try {
      const decisions = await deps.analyser.analyse(inputs, { businessName });
      group.forEach((stored, i) => results.push({ stored, outcome: { decision: decisions[i]! } }));
    } catch (err) {
      if (!(err instanceof AnalysisError)) throw err;
      for (const stored of group) results.push({ stored, outcome: { error: `Analysis failed: ${err.message}` } });
    }
  }
  await recordDecisions({ notifier: deps.notifier }, workspaceId, results);
}
