/**
 * Analysis of queued comments (design D5): the ones still `processing` are analysed with their
 * brand's voice and knowledge (replies speak for the comment's Facebook page) through the AI port and
 * their decisions recorded; a duplicate delivery finds them no longer processing and changes nothing.
 */
import { AnalysisError, analyseItems, type Analyser, type AnalysisItem, type BrandContext } from '../analysis/port.js';
import type { StoredComment } from './model.js';
import type { Notifier } from './ports.js';
import { recordDecisions, type AnalysisOutcome } from './moderation.js';
import { stores, withRequestScope } from './store-port.js';
import { brandReader } from './brands.js';
import { handOver, type AutomaticQueuePort } from './autopilot-handover.js';
import { loadMemory } from './learning.js';
import { buildMemory, withMemory } from './memory.js';
import { telemetry } from './telemetry-port.js';

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

/** A workspace's comments still to analyse, each with its input and brand, and the workspace's memory. */
interface Prepared {
  workspaceId: string;
  items: { stored: StoredComment; item: AnalysisItem }[];
  memory: Awaited<ReturnType<typeof loadMemory>>;
}

async function prepare(workspaceId: string, commentIds: string[]): Promise<Prepared | null> {
  // Unreadable comments are skipped (and logged) by the store.
  // Read together: the comments, their brands and the workspace's memory (learning.ts: decisions moderators took on the same text, and the layer learnt from them).
  const [stored, brands, memory] = await Promise.all([
    stores.comments.getComments(workspaceId, [...new Set(commentIds)]),
    brandsOfAccounts(workspaceId),
    loadMemory(workspaceId).catch((err: Error) => { console.warn('[analysis] memory not loaded', workspaceId, err.message); return buildMemory([]); }),
  ]);
  const todo = stored.filter((s) => s.comment.status === 'processing');
  if (!todo.length) return null;
  const readBrand = brandReader(workspaceId);
  // One context object per brand: the analyser groups (and batches) comments by it.
  const contexts = new Map<string, Promise<BrandContext>>();
  const items = await Promise.all(todo.map(async (s) => {
    const brand = brands.get(s.comment.accountId ?? '') ?? { id: '', name: DEFAULT_BRAND };
    if (!contexts.has(brand.id)) contexts.set(brand.id, brandContext(readBrand, brand.id, brand.name));
    const { id, content, authorName, platform } = s.comment;
    return { stored: s, item: { comment: { id, content, authorName, platform }, brand: await contexts.get(brand.id)! } };
  }));
  return { workspaceId, items, memory };
}

async function record(deps: AnalysisDeps, p: Prepared, outcomes: AnalysisOutcome[]): Promise<void> {
  const results = p.items.map(({ stored }, i) => {
    const o = outcomes[i]!;
    return { stored, outcome: 'decision' in o ? { decision: withMemory(p.memory, stored.comment.content, o.decision) } : o };
  });
  await recordDecisions({ notifier: deps.notifier }, p.workspaceId, results);
  recordMetrics(results);
  if (deps.automatic) await handOver(deps.automatic, p.workspaceId, results.flatMap((r) => ('decision' in r.outcome ? [{ comment: r.stored.comment, decision: r.outcome.decision }] : [])));
}

/** CommentsAnalysed, Decisions by type and AnalysisLagMs (from queued, the comment's last write, to decided). */
function recordMetrics(results: { stored: StoredComment; outcome: AnalysisOutcome }[]): void {
  const decided = results.flatMap((r) => ('decision' in r.outcome ? [{ stored: r.stored, type: r.outcome.decision.decision }] : []));
  if (!decided.length) return;
  telemetry.metric('CommentsAnalysed', decided.length);
  const byType = new Map<string, number>();
  for (const d of decided) byType.set(d.type, (byType.get(d.type) ?? 0) + 1);
  for (const [type, n] of byType) telemetry.metric('Decisions', n, { type });
  const now = Date.now();
  for (const d of decided) {
    const queued = Date.parse(d.stored.updatedAt);
    if (Number.isFinite(queued)) telemetry.metric('AnalysisLagMs', Math.max(0, now - queued));
  }
}

/**
 * The comments of several workspaces, analysed together (issue 13 item 5): a trickle from many
 * workspaces and brands fills one provider batch (OpenAI: up to 25 comments per request) instead of
 * one request per workspace and brand. One request scope (each workspace record read once);
 * an AnalysisError records the error on every comment of the call (they stay visible, never lost).
 */
export function analyseWorkspaces(deps: AnalysisDeps, batches: { workspaceId: string; commentIds: string[] }[]): Promise<void> {
  return withRequestScope(() => analyseInScope(deps, batches));
}

async function analyseInScope(deps: AnalysisDeps, batches: { workspaceId: string; commentIds: string[] }[]): Promise<void> {
  const prepared = (await Promise.all(batches.map((b) => prepare(b.workspaceId, b.commentIds)))).filter((p): p is Prepared => p !== null);
  const all = prepared.flatMap((p) => p.items.map((i) => i.item));
  if (!all.length) return;
  let outcomes: AnalysisOutcome[];
  try {
    outcomes = (await analyseItems(deps.analyser, all)).map((decision) => ({ decision }));
  } catch (err) {
    if (!(err instanceof AnalysisError)) throw err;
    outcomes = all.map(() => ({ error: `Analysis failed: ${err.message}` }));
  }
  let at = 0;
  for (const p of prepared) {
    const mine = outcomes.slice(at, (at += p.items.length));
    await record(deps, p, mine);
  }
}

export async function analyseWorkspace(deps: AnalysisDeps, workspaceId: string, commentIds: string[]): Promise<void> {
  await analyseWorkspaces(deps, [{ workspaceId, commentIds }]);
}
