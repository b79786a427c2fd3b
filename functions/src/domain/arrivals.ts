/**
 * Comments arriving by webhook (webhook-events.ts). Not imported by the analyser's bundle: the
 * arrival rules and the cross-post memory act through the Meta client, which only the functions
 * that apply webhooks have.
 */
import type { Comment } from '@cg/shared';
import { actsOnArrival } from './automatic.js';
import { allDone, gatherer } from './gather.js';
import { mayAnalyse, monthlyQuota } from './limits.js';
import type { StoredComment, WorkspaceRecord } from './model.js';
import { afterReserving, analyseArrivals, enqueue, type ModerationDeps } from './moderation.js';
import { commentPayload, emitWebhookEvents } from './outgoing-webhooks.js';
import { afterArrivalRules } from './rules.js';
import { stores } from './store-port.js';

const store = stores.comments;
const usage = stores.usage;
const { getWorkspace } = stores.workspaces;

/**
 * A comment arriving by webhook. When the workspace analyses arrivals and nothing acts on them first
 * (no active arrival rule, no removed text it repeats: automatic.ts), it is stored directly as
 * `processing` and queued: one write instead of a pending one and then a processing one. Otherwise
 * it is stored pending and goes through the arrival rules, the cross-post memory and
 * analyseArrivals. Returns what was stored; nothing when it already was (a repeated delivery).
 * The webhooks of one batch, handled in parallel, are gathered per workspace (gather.ts): their
 * checks read the rules and memory once, and they are reserved, inserted and queued together.
 */
export async function receiveComment(deps: ModerationDeps, workspaceId: string, comment: Comment): Promise<Comment[]> {
  // The workspace first (read once per batch of webhooks): a workspace that does not analyse arrivals reads nothing more here.
  const ws = comment.status === 'pending' ? await getWorkspace(workspaceId) : null;
  if (ws?.autoAnalyze && mayAnalyse(ws) && !(await arrivalActedOn(workspaceId, comment)) && (await reserveOne(workspaceId, ws))) {
    const queued = { ...comment, status: 'processing' as const };
    let added = false;
    try {
      added = await insertUnindexed(workspaceId, queued);
    } finally {
      if (!added) await usage.release(workspaceId, 1);
    }
    if (!added) return [];
    await allDone([
      // As insertNew wrote it (version 1), for enqueue's way back to pending.
      enqueueOne(workspaceId, { deps, stored: { workspaceId, comment: queued, review: null, version: 1, updatedAt: '' } }),
      // The analysis does not wait for the search index (under load its BatchWrite took seconds).
      writeWords(workspaceId, queued),
      deps.notifier.notify(workspaceId, { type: 'new_comments', count: 1, commentIds: [comment.id] }),
      emitWebhookEvents(workspaceId, 'comment.received', [{ comment: commentPayload(queued) }]),
    ]);
    return [queued];
  }
  if (!(await insertIndexed(workspaceId, comment))) return [];
  await storedArrival(workspaceId, { deps, comment });
  return [comment];
}

/** Stored pending: the batch's arrivals of a workspace go through its arrival rules, the memory and the analysis together. */
const storedArrival = gatherer<{ deps: ModerationDeps; comment: Comment }>(async (workspaceId, items) => {
  const { deps } = items[0]!;
  await analyseArrivals(deps, workspaceId, await afterArrivalRules(deps, workspaceId, items.map((i) => i.comment)));
});

const arrivalActedOn = gatherer<Comment, boolean>(actsOnArrival);

/** Reserves one analysis each in the month's quota (the first ones get it while it lasts), then checks the quota's alerts and notice once for the batch. */
const reserveOne = gatherer<WorkspaceRecord, boolean>(async (workspaceId, records) => {
  const ws = records[0]!;
  const reserved = await usage.reserve(workspaceId, records.length, monthlyQuota(ws));
  if (reserved > 0) await afterReserving(ws, reserved, null);
  return records.map((_, i) => i < reserved);
});

/** Insert-if-absent, gathered: whether each comment was added (a comment twice in one batch is added once). */
function insertions(searchWords: boolean) {
  return gatherer<Comment, boolean>(async (workspaceId, comments) => {
    const added = new Set((await store.insertNew(workspaceId, [...new Map(comments.map((c) => [c.id, c])).values()], { searchWords })).map((c) => c.id));
    return comments.map((c) => added.delete(c.id));
  });
}
const insertIndexed = insertions(true);
const insertUnindexed = insertions(false);

const writeWords = gatherer<Comment>((workspaceId, comments) => store.putSearchWords(workspaceId, comments));

const enqueueOne = gatherer<{ deps: ModerationDeps; stored: StoredComment }>((workspaceId, items) => enqueue(items[0]!.deps, workspaceId, items.map((i) => i.stored)));
