/**
 * Automatic actions (issue 11): what rules (and other automations: autopilot, cross-post memory)
 * do to a comment with no human. Each goes through the same exactly-once platform actions as a
 * moderator's (actions.ts, design D15) with the actor `automation: <reason>`, and is written to the
 * Automation log, from which it can be undone (unhide, delete our reply, remove the flag or the
 * assignment). A delete cannot be undone: Meta has no way to restore a deleted comment.
 *
 * Reuse: `applyAutomatic(deps, { workspaceId, commentId, action, reason, source })`.
 */
import { randomUUID } from 'node:crypto';
import { fillSavedReply, type Action, type AutomationEntry, type Comment } from '@cg/shared';
import * as actions from './actions.js';
import { ConcurrentAttempt, DomainError, Invalid, Missing, StateConflict } from './errors.js';
import { record, type ActionDeps, type Change } from './exactly-once.js';
import type { StoredComment } from './model.js';
import { stores } from './store-port.js';

const log = stores.automationLog;

/** The name automatic actions are recorded under (history, activity): `automation: <reason>`. */
export const AUTOMATION_ACTOR = 'automation';
export function automationActor(reason: string): string {
  return `${AUTOMATION_ACTOR}: ${reason}`;
}

export const DELETE_NOT_UNDOABLE = 'A deleted comment cannot be restored: Meta offers no way to undo a delete.';

export interface AutomaticAction {
  workspaceId: string;
  commentId: string;
  action: Action;
  /** Shown as the reason everywhere (the rule's name). */
  reason: string;
  /** What decided it: 'rule', 'autopilot', 'cross_post', … */
  source: string;
  ruleId?: string | null;
  /** shadow: only log what would have been done. Default on. */
  mode?: 'on' | 'shadow';
}

/** Actions Undo can reverse. */
function undoable(action: Action): boolean {
  return action.type === 'hide' || action.type === 'reply' || action.type === 'flag' || action.type === 'assign';
}

/** Log ids sort newest first: `<time in base 36>-<uuid>`. */
function entryId(now: number): string {
  return `${now.toString(36).padStart(9, '0')}-${randomUUID()}`;
}

function firstName(authorName: string): string {
  const first = authorName.trim().split(/\s+/)[0] ?? '';
  return /^(facebook|instagram)$/i.test(first) ? '' : first;
}

/** The brand a comment belongs to: its Facebook page's name (an Instagram account's page), else the account's name. */
export async function brandNameOf(workspaceId: string, accountId: string | undefined): Promise<string> {
  if (!accountId) return '';
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const account = accounts.find((a) => a.id === accountId);
  if (!account) return '';
  return accounts.find((a) => a.platform === 'facebook' && a.externalId === account.brandId)?.accountName ?? account.accountName;
}

/**
 * A saved reply's text for this comment, its placeholders filled. Saved replies are per language:
 * when the comment is in another language and a saved reply of the same name exists in it, that one is sent.
 */
export async function savedReplyText(workspaceId: string, savedReplyId: string, s: StoredComment): Promise<string> {
  const all = await stores.rules.listSavedReplies(workspaceId);
  const chosen = all.find((r) => r.id === savedReplyId);
  if (!chosen) throw new Missing(`The saved reply ${savedReplyId} no longer exists.`);
  const language = s.comment.aiDecision?.language?.toLowerCase().slice(0, 2);
  const saved = (language && language !== chosen.language && all.find((r) => r.name.toLowerCase() === chosen.name.toLowerCase() && r.language === language)) || chosen;
  return fillSavedReply(saved.text, { firstName: firstName(s.comment.authorName), brand: await brandNameOf(workspaceId, s.comment.accountId) });
}

async function replyText(workspaceId: string, action: Extract<Action, { type: 'reply' | 'private_reply' }>, s: StoredComment): Promise<string> {
  if (action.savedReplyId) return savedReplyText(workspaceId, action.savedReplyId, s);
  const draft = s.comment.aiDecision?.suggestedReply.trim();
  if (!draft) throw new Invalid('The AI drafted no answer from the knowledge base for this comment.');
  return draft;
}

function labelChange(s: StoredComment, add: string | null, remove: string | null, description: string): Change {
  return {
    action: add ? 'flag' : 'unflag', activity: description,
    apply: (cur) => {
      const flags = (cur.comment.flags ?? []).filter((f) => f !== remove && f !== add);
      return { ...cur, comment: { ...cur.comment, flags: add ? [...flags, add] : flags } };
    },
  };
}

function assignChange(memberId: string | null, description: string): Change {
  return {
    action: memberId ? 'assign' : 'unassign', activity: description,
    apply: (cur) => {
      const { assignedTo: _was, ...rest } = cur.comment;
      return { ...cur, comment: memberId ? { ...rest, assignedTo: memberId } : rest };
    },
  };
}

/** Carries out the action; a platform action answers the comment as recorded (actions.isReplay tells another request's). */
async function act(deps: ActionDeps, a: AutomaticAction, s: StoredComment, by: string): Promise<Comment | void> {
  const { workspaceId, commentId, action } = a;
  switch (action.type) {
    case 'hide': return actions.hide(deps, workspaceId, commentId, by);
    case 'delete': return actions.remove(deps, workspaceId, commentId, by);
    case 'reply': return actions.reply(deps, workspaceId, commentId, await replyText(workspaceId, action, s), by);
    case 'private_reply': return actions.privateReply(deps, workspaceId, commentId, await replyText(workspaceId, action, s), by);
    case 'flag': await record(deps, s, labelChange(s, action.label, null, `Flagged ${s.comment.authorName}'s comment for review: ${action.label}`), by, false); return;
    case 'assign': {
      const member = await stores.workspaces.getMember(workspaceId, action.memberId);
      if (!member) throw new Missing(`The member ${action.memberId} is not in this workspace any more.`);
      await record(deps, s, assignChange(action.memberId, `Assigned ${s.comment.authorName}'s comment to ${member.email}`), by, false);
      return;
    }
    case 'notify':
      await deps.notifier.notify(workspaceId, { type: 'notice', commentId, message: `${a.reason}: a comment by ${s.comment.authorName} needs a look ("${actions.short(s.comment.content)}")` });
      return;
  }
}

/** Whether the comment is already as the action would leave it (hidden, or deleted). */
function alreadyDone(action: Action, s: StoredComment): boolean {
  return (action.type === 'hide' && s.comment.isHidden) || (action.type === 'delete' && s.comment.status === 'deleted');
}

/**
 * Carries out one automatic action on a comment (or, in shadow mode, only logs it) and writes its
 * Automation log entry. Never throws for a refusal (the state or the platform): the entry says
 * `failed` with the reason, so one comment never blocks the others.
 */
export async function applyAutomatic(deps: ActionDeps, a: AutomaticAction): Promise<AutomationEntry> {
  const s = await actions.loadComment(a.workspaceId, a.commentId);
  const now = Date.now();
  const mode = a.mode ?? 'on';
  const base = {
    id: entryId(now), at: new Date(now).toISOString(), source: a.source, ruleId: a.ruleId ?? null, reason: a.reason, mode,
    commentId: a.commentId, authorName: s.comment.authorName, excerpt: actions.short(s.comment.content), action: a.action,
  };
  let entry: AutomationEntry;
  if (mode === 'shadow') {
    entry = { ...base, outcome: 'shadow', undoable: false };
  } else if (alreadyDone(a.action, s)) {
    // Another path got there first (a moderator, or a sweep before the comment's own hand-over): nothing to do, nothing to log.
    return { ...base, outcome: 'failed', error: 'Already done.', undoable: false };
  } else {
    try {
      // Another path did it between this one's read and its claim: that path logs it.
      if (actions.isReplay(await act(deps, a, s, automationActor(a.reason)))) return { ...base, outcome: 'failed', error: 'Already done.', undoable: false };
      entry = { ...base, outcome: 'done', undoable: undoable(a.action) };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      entry = { ...base, outcome: 'failed', error: err.message, undoable: false };
      // Two automatic paths reached the same comment (e.g. a sweep and the comment's own hand-over):
      // the other one does it and logs it, so this one is not a failure to show — whether it is still
      // under way (ConcurrentAttempt) or finished just after this one read the comment.
      if (err instanceof ConcurrentAttempt) return entry;
      if (err instanceof StateConflict && alreadyDone(a.action, await actions.loadComment(a.workspaceId, a.commentId))) return entry;
    }
  }
  await log.addLogEntry(a.workspaceId, entry);
  return entry;
}

/** One page of the Automation log, newest first. */
export async function listAutomation(workspaceId: string, limit = 50, cursor?: string): Promise<{ entries: AutomationEntry[]; nextCursor: string | null }> {
  if (cursor && !/^[0-9a-z]{9}-[0-9a-f-]{36}$/.test(cursor)) throw new Invalid('This cursor is not one of ours: start from the first page.', [{ field: 'cursor', message: 'unknown cursor' }]);
  return log.listLogEntries(workspaceId, limit, cursor);
}

async function undoOne(deps: ActionDeps, workspaceId: string, id: string, by: string | null): Promise<string | null> {
  const e = await log.getLogEntry(workspaceId, id);
  if (!e) return 'No such entry in the Automation log.';
  if (e.undoneAt) return `Already undone${e.undoneBy ? ` by ${e.undoneBy}` : ''}.`;
  if (e.outcome === 'shadow') return 'Nothing to undo: a shadow rule only logs what it would have done.';
  if (e.outcome === 'failed') return 'Nothing to undo: this action did not happen.';
  if (e.action.type === 'delete') return DELETE_NOT_UNDOABLE;
  if (!e.undoable) return `A ${e.action.type.replace('_', ' ')} cannot be undone.`;
  const s = await actions.loadComment(workspaceId, e.commentId);
  const actor = by ?? null;
  switch (e.action.type) {
    case 'hide':
      if (s.comment.isHidden) await actions.unhide(deps, workspaceId, e.commentId, actor);
      break;
    case 'reply':
      if (s.comment.reply?.id) await actions.deleteReply(deps, workspaceId, e.commentId, actor);
      break;
    case 'flag':
      await record(deps, s, labelChange(s, null, e.action.label, `Removed the flag "${e.action.label}" from ${s.comment.authorName}'s comment`), actor, true);
      break;
    case 'assign':
      await record(deps, s, assignChange(null, `Unassigned ${s.comment.authorName}'s comment`), actor, true);
      break;
  }
  if (!(await log.markLogUndone(workspaceId, id, new Date().toISOString(), by))) return 'Already undone.';
  return null;
}

/** Undoes each entry on its own; a refusal (a delete, already undone, the platform refusing) is reported per entry. */
export async function undoAutomatic(deps: ActionDeps, workspaceId: string, ids: string[], by: string | null): Promise<{ results: { id: string; ok: boolean; message?: string }[] }> {
  const results: { id: string; ok: boolean; message?: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const refused = await undoOne(deps, workspaceId, id, by);
      results.push(refused ? { id, ok: false, message: refused } : { id, ok: true });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push({ id, ok: false, message: err.message });
    }
  }
  return { results };
}
