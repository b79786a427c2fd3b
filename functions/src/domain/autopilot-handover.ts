/**
 * The analyser's side of autopilot and the cross-post memory (automatic.ts): after the decisions are
 * recorded, the comments that may be acted on without a human — a decision taken from a removed
 * near-duplicate, or one over its brand's autopilot threshold — are handed over to the Meta events
 * consumer, which re-checks and acts (the analyser carries no Meta client, to stay small).
 */
import type { AiDecision, Comment } from '@cg/shared';
import { autopilotAction, enabledAutopilots } from './autopilot.js';
import { countsTowardsBurst } from './incident-rule.js';
import { SAME_AS_REASON } from './learning.js';
import { rulesWaitForAnalysis } from './rules-handover.js';
import { stores } from './store-port.js';

export interface AutomaticJob { kind: 'automatic'; workspaceId: string; commentIds: string[] }
export interface AutomaticQueuePort { enqueue(job: AutomaticJob): Promise<void> }

const removedFromMemory = (d: AiDecision) => (d.decision === 'hide' || d.decision === 'delete') && Boolean(d.reasons?.[0]?.startsWith(SAME_AS_REASON));

export async function handOver(queue: AutomaticQueuePort, workspaceId: string, decided: { comment: Comment; decision: AiDecision }[]): Promise<string[]> {
  if (!decided.length) return [];
  const autopilots = await enabledAutopilots(workspaceId);
  const brandOf = autopilots.size ? new Map((await stores.accounts.listAccounts(workspaceId)).map((a) => [a.id, a.brandId])) : new Map<string, string>();
  // Rules with AI conditions (rules.ts, issue 11) run on every decided comment in the Meta events consumer.
  const ruled = await rulesWaitForAnalysis(workspaceId);
  const ids = decided.filter(({ comment, decision }) => {
    if (ruled) return true;
    if (removedFromMemory(decision)) return true;
    // Troll-attack mode (incidents.ts) counts every negative or offensive comment on a post.
    if (comment.postId && countsTowardsBurst(decision)) return true;
    const settings = autopilots.get(brandOf.get(comment.accountId ?? '') ?? '');
    return settings ? autopilotAction(settings, decision) !== null : false;
  }).map((x) => x.comment.id);
  if (ids.length) await queue.enqueue({ kind: 'automatic', workspaceId, commentIds: ids });
  return ids;
}
