/**
 * What the workspace memory and autopilot do without a human, through the Automation log's executor
 * (auto-actions.ts: exactly-once platform actions, actor `automation: <reason>`, logged, undoable):
 *
 * - **cross-post memory** (issue 11 item 3): a new comment whose text a moderator or a rule removed
 *   before (same or near-identical, memory.ts) is hidden as it arrives, with the reason "same as a
 *   comment a moderator deleted on <date>". Hidden, never deleted, whatever the first removal was: a
 *   hide can be undone (Meta cannot restore a deleted comment), and hidden text is seen by nobody
 *   but its author and their friends.
 * - **troll-attack mode** (issue 11 item 4): negative or offensive comments are counted per post and a
 *   burst opens an incident whose policy hides first-time commenters' negative comments (incidents.ts).
 * - **autopilot** (issue 10 item 8): once analysed, a decision over its brand's threshold is applied
 *   (autopilot.ts); the analyser hands such comments over (the analyser has no Meta client).
 */
import type { Comment } from '@cg/shared';
import { applyAutomatic, type AutomaticAction } from './auto-actions.js';
import { autopilotAction, getAutopilot } from './autopilot.js';
import type { AutomaticJob } from './autopilot-handover.js';
import type { ActionDeps } from './exactly-once.js';
import { watchForAttacks } from './incidents.js';
import { loadMemory, SAME_AS_REASON } from './learning.js';
import { buildMemory, sameAsReason, type Example, type Memory } from './memory.js';
import type { StoredComment } from './model.js';
import { rulesFor, runRules } from './rules.js';
import { stores } from './store-port.js';

/**
 * Carries out one automatic action through the Automation log's executor and writes it to the audit
 * log too (actor `automation`, the action and its reason), so the audit names every change.
 */
async function act(deps: ActionDeps, workspaceId: string, commentId: string, action: AutomaticAction['action'], reason: string, source: string): Promise<boolean> {
  const entry = await applyAutomatic(deps, { workspaceId, commentId, action, reason, source });
  if (entry.outcome !== 'done') return false;
  await stores.audit.recordAudit(workspaceId, { actorId: 'automation', actorEmail: '', action: `${source}:${action.type}`, target: commentId, changes: { reason, automationLogId: entry.id } })
    .catch((err: Error) => console.warn('[automatic] audit entry not written', workspaceId, commentId, err.message));
  return true;
}

/** Copies waiting in the queue that a removal sweeps at once (more are hidden as they are analysed or arrive). */
export const SWEEP_MAX = 25;
/** How many of the queue's newest comments a removal looks through for copies. */
const SWEEP_WINDOW = 500;

/**
 * After a moderator or a rule removed a comment: its copies already waiting in the queue (same or
 * near-identical text, not yet acted on) are hidden now, at most SWEEP_MAX of them.
 */
export async function sweepCopies(deps: ActionDeps, removed: StoredComment, example: Example): Promise<number> {
  const memory = buildMemory([example]);
  const { items } = await stores.commentPages.listCommentPage(removed.workspaceId, { queue: true }, SWEEP_WINDOW);
  const copies = items.filter((s) => s.comment.id !== removed.comment.id && (s.comment.status === 'pending' || s.comment.status === 'processed')
    && !s.comment.isHidden && memory.find(s.comment.content, { removedOnly: true })).slice(0, SWEEP_MAX);
  let hidden = 0;
  for (const s of copies) {
    if (await act(deps, removed.workspaceId, s.comment.id, { type: 'hide' }, sameAsReason(example), 'cross_post')) hidden++;
  }
  return hidden;
}

/** Whether anything acts on each comment as it arrives, before its analysis: an active arrival rule, or the cross-post memory (removeRepeats). The rules and the memory are read once. */
export async function actsOnArrival(workspaceId: string, comments: Comment[]): Promise<boolean[]> {
  const [rules, memory] = await Promise.all([rulesFor(workspaceId, 'arrival'), comments.some(repeatCandidate) ? loadMemory(workspaceId) : null]);
  return comments.map((c) => rules.length > 0 || (memory !== null && memory.size > 0 && repeatCandidate(c) && memory.find(c.content, { removedOnly: true }) !== null));
}

function repeatCandidate(c: Comment): boolean {
  return c.status === 'pending' && !c.isHidden && c.content.trim() !== '';
}

/** Hides the arrivals a moderator or a rule already removed elsewhere; returns the ids hidden. */
export async function removeRepeats(deps: ActionDeps, workspaceId: string, arrivals: Comment[]): Promise<Set<string>> {
  const done = new Set<string>();
  const candidates = arrivals.filter(repeatCandidate);
  if (!candidates.length) return done;
  const memory = await loadMemory(workspaceId);
  if (!memory.size) return done;
  for (const c of candidates) {
    const match = memory.find(c.content, { removedOnly: true });
    if (!match) continue;
    if (await act(deps, workspaceId, c.id, { type: 'hide' }, sameAsReason(match.example), 'cross_post')) done.add(c.id);
  }
  return done;
}

export function isAutomaticJob(body: unknown): body is AutomaticJob {
  const b = body as Partial<AutomaticJob> | null;
  return b?.kind === 'automatic' && typeof b.workspaceId === 'string' && Array.isArray(b.commentIds);
}

/**
 * Applies, to comments still waiting for review, what needs no human: a decision taken from a
 * removed near-duplicate (the cross-post memory), or one over its brand's autopilot threshold.
 * A comment reviewed meanwhile is left alone; each action happens once (exactly-once claims).
 */
export async function applyDecided(deps: ActionDeps, job: AutomaticJob): Promise<number> {
  const { workspaceId } = job;
  // The workspace's rules with AI conditions first (issue 11): a comment a rule hid or deleted is no longer processed.
  await runRules(deps, workspaceId, job.commentIds, 'analysed').catch((err) => console.error('[rules] analysed rules failed', workspaceId, err));
  // Troll-attack mode (incidents.ts): counts negative or offensive comments per post, opens an incident on a burst, hides under its policy.
  await watchForAttacks(deps, workspaceId, job.commentIds).catch((err) => console.error('[incidents] troll-attack watch failed', workspaceId, err));
  const stored = await stores.comments.getComments(workspaceId, [...new Set(job.commentIds)]);
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const brandOf = new Map(accounts.map((a) => [a.id, a.brandId]));
  const settings = new Map<string, ReturnType<typeof getAutopilot>>();
  const settingsOf = (brandId: string) => { let p = settings.get(brandId); if (!p) settings.set(brandId, (p = getAutopilot(workspaceId, brandId))); return p; };
  let memory: Promise<Memory> | undefined;
  let applied = 0;
  for (const s of stored) {
    const d = s.comment.aiDecision;
    if (s.comment.status !== 'processed' || !d || s.comment.isHidden) continue;
    // Decided from a removed near-duplicate: repeated only when the memory still says so for this text (distinctive, not kept since).
    const fromMemory = d.reasons?.[0]?.startsWith(SAME_AS_REASON) && (d.decision === 'hide' || d.decision === 'delete');
    const match = fromMemory ? (await (memory ??= loadMemory(workspaceId))).find(s.comment.content, { removedOnly: true }) : null;
    let auto: { action: 'hide' | 'delete' | 'reply'; reason: string; source: string } | null = match ? { action: 'hide', reason: sameAsReason(match.example), source: 'cross_post' } : null;
    if (!auto) {
      const brandId = brandOf.get(s.comment.accountId ?? '');
      if (!brandId) continue;
      const a = autopilotAction(await settingsOf(brandId), d);
      if (a) auto = { action: a.action, reason: a.reason, source: 'autopilot' };
    }
    if (!auto) continue;
    const action = auto.action === 'reply' ? { type: 'reply' as const, knowledgeBase: true as const } : { type: auto.action };
    if (await act(deps, workspaceId, s.comment.id, action, auto.reason, auto.source)) applied++;
  }
  return applied;
}
