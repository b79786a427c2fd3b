/**
 * Learning from moderators (issue 10 item 9): every approve, edit, override and manual action is
 * written as a labelled example of the workspace (memory.ts), and a rule's removal too (for the
 * cross-post memory); the analysis loads them back as the workspace's memory. Automatic actions of
 * autopilot and of the memory itself teach nothing (no person decided them).
 */
import type { CommentAction } from '@cg/shared';
import { sweepCopies } from './automatic.js';
import type { ActionDeps } from './exactly-once.js';
import type { StoredComment } from './model.js';
import { buildMemory, labelOf, MAX_EXAMPLES, normaliseText, type Example, type ExampleSource, type Memory } from './memory.js';
import { keptDerived, stores } from './store-port.js';

/** Automatic actions are recorded as `automation: <reason>` (auto-actions.ts); these reasons are ours. */
const AUTOMATION = 'automation';
export const AUTOPILOT_REASON = 'autopilot';
export const SAME_AS_REASON = 'same as a comment';

/** Whose decision an action was: a moderator's, a rule's, or nobody's worth learning from (null). */
export function sourceOf(by: string | null): ExampleSource | null {
  if (!by) return null; // the system itself (webhook changes, analysis)
  if (!by.startsWith(AUTOMATION)) return 'moderator';
  const reason = by.slice(AUTOMATION.length).replace(/^:\s*/, '');
  return reason.startsWith(AUTOPILOT_REASON) || reason.startsWith(SAME_AS_REASON) ? null : 'rule';
}

/** The brand (Facebook page id) of an account. */
async function brandOf(workspaceId: string, accountId: string | undefined): Promise<string | null> {
  if (!accountId) return null;
  return (await stores.accounts.getAccount(workspaceId, accountId))?.brandId ?? null;
}

/**
 * Writes the example an action on a comment makes (after it was recorded); a removal also hides the
 * copies already waiting in the queue when the caller can act on the platform (the cross-post
 * memory, automatic.ts). Never fails the action: a lost example costs a little learning, a failed
 * action would cost the moderator's work.
 */
export async function rememberAction(after: StoredComment, action: CommentAction, by: string | null, deps?: Partial<ActionDeps>): Promise<void> {
  try {
    const source = sourceOf(by);
    if (!source) return;
    const c = after.comment;
    const ai = c.aiDecision?.decision ?? null;
    const label = labelOf(action, c.status, c.isHidden === true, ai);
    if (!label) return;
    if (source === 'rule' && label.final !== 'hide' && label.final !== 'delete') return; // rules teach removals only
    const text = normaliseText(c.content);
    if (!text) return;
    const example: Example = { commentId: c.id, text, final: label.final, ai, verb: label.verb, source, brandId: await brandOf(after.workspaceId, c.accountId), at: new Date().toISOString() };
    await stores.memory.putExample(after.workspaceId, example);
    if ((example.final === 'hide' || example.final === 'delete') && deps?.platform && deps.notifier) await sweepCopies(deps as ActionDeps, after, example);
  } catch (err) {
    console.warn('[learning] example not recorded', after.workspaceId, after.comment.id, (err as Error).message);
  }
}

/** The workspace's memory, from its newest examples (built again only once they change: building 1,000 takes 10-40 ms). */
export function loadMemory(workspaceId: string): Promise<Memory> {
  return keptDerived('examples', workspaceId, 'memory', async () => buildMemory(await stores.memory.listExamples(workspaceId, MAX_EXAMPLES)));
}
