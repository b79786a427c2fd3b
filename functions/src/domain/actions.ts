/**
 * Any action on any comment, whatever the AI decided (issue 12): reply, private reply, hide, unhide,
 * delete, dismiss, block the author, delete our reply. Each is a guarded transition; platform ones go
 * through exactlyOnce (design D15); each is recorded with its activity, history entry and live update.
 */
import type { Comment, CommentHistoryEntry, Decision } from '@cg/shared';
import { Invalid, Missing, StateConflict } from './errors.js';
import { assertTransition, reviewedStatus, type Transition } from './comment-state.js';
import { exactlyOnce, record, type ActionDeps, type Change, type Effect, type PlatformStep } from './exactly-once.js';
import type { StoredComment } from './model.js';
import { stores } from './store-port.js';

const comments = stores.comments;

/** Meta allows a private reply within 7 days of the comment (reference A5). */
export const PRIVATE_REPLY_DAYS = 7;

export async function loadComment(workspaceId: string, id: string): Promise<StoredComment> {
  const s = await comments.getComment(workspaceId, id);
  if (!s) throw new Missing('Comment not found');
  return s;
}

export function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The human's review of the AI's decision: unchanged only while every action matched it. */
export function reviewAfter(s: StoredComment, matches: Decision | null, text?: string): StoredComment['review'] {
  const d = s.comment.aiDecision;
  if (!d) return s.review;
  const same = matches === d.decision && (text === undefined || text.trim() === d.suggestedReply.trim());
  return s.review === 'changed' || !same ? 'changed' : 'unchanged';
}

/** Claims and runs a platform step, then records the change: the shared path of every platform action. */
/** Comments answered because another request had already done and recorded the same action (an exactly-once replay). */
const replays = new WeakSet<Comment>();
/** Whether an action's answer is another request's result (the caller did nothing itself). */
export const isReplay = (c: Comment | void): boolean => c !== undefined && replays.has(c);

export async function actOnPlatform(deps: ActionDeps, s: StoredComment, step: PlatformStep, change: (effect: Effect) => Change, by: string | null): Promise<Comment> {
  const outcome = await exactlyOnce(deps, s, step, by);
  if ('finished' in outcome) {
    replays.add(outcome.finished.comment);
    return outcome.finished.comment;
  }
  const next = await record(deps, s, change(outcome.effect), by, true);
  await stores.claims.markClaimRecorded(outcome.claim);
  return next.comment;
}

/** The public reply step: the stored reply is exactly the text the platform accepted, with its id. */
export function replyStep(deps: ActionDeps, s: StoredComment, text: string): PlatformStep {
  return {
    action: 'reply',
    call: async () => ({ platformId: (await deps.platform.reply(s.workspaceId, s.comment, text)).id }),
    happened: (st) => { const r = st.pageReplies.find((x) => x.text.trim() === text.trim()); return r ? { platformId: r.id } : null; },
  };
}

export function repliedWith(text: string, effect: Effect): Pick<Comment, 'reply' | 'status' | 'lastError'> {
  return { status: 'replied', lastError: null, reply: { id: effect.platformId ?? '', text, at: new Date().toISOString() } };
}

function guard(t: Transition, s: StoredComment): void {
  assertTransition(t, s.comment.status);
}

export async function reply(deps: ActionDeps, workspaceId: string, id: string, message: string, by: string | null): Promise<Comment> {
  const s = await loadComment(workspaceId, id);
  guard('reply', s);
  const text = message.trim();
  return actOnPlatform(deps, s, replyStep(deps, s, text), (effect) => ({
    action: 'reply', platformId: effect.platformId, activity: `Replied to ${s.comment.authorName}: "${short(text)}"`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, ...repliedWith(text, effect) }, review: reviewAfter(cur, 'reply', text) }),
  }), by);
}

export async function privateReply(deps: ActionDeps, workspaceId: string, id: string, message: string, by: string | null): Promise<Comment> {
  const s = await loadComment(workspaceId, id);
  guard('privateReply', s);
  if (s.comment.privateReplyAt) throw new StateConflict(`A private reply was already sent to this comment on ${s.comment.privateReplyAt.slice(0, 10)}: Meta allows one per comment.`);
  const age = Date.now() - Date.parse(s.comment.timestamp);
  if (age > PRIVATE_REPLY_DAYS * 86_400_000) {
    throw new StateConflict(`Meta allows a private reply only within ${PRIVATE_REPLY_DAYS} days of the comment; this one was posted on ${s.comment.timestamp.slice(0, 10)}.`);
  }
  const text = message.trim();
  const step: PlatformStep = {
    action: 'private_reply',
    call: async () => { await deps.platform.privateReply(workspaceId, s.comment, text); return {}; },
    happened: (st) => (st.canReplyPrivately ? null : {}),
  };
  return actOnPlatform(deps, s, step, () => ({
    action: 'private_reply', activity: `Sent a private reply to ${s.comment.authorName}: "${short(text)}"`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, privateReplyAt: new Date().toISOString(), status: cur.comment.status === 'pending' || cur.comment.status === 'processed' ? 'replied' : cur.comment.status, lastError: null }, review: reviewAfter(cur, 'reply') }),
  }), by);
}

export function hideStep(deps: ActionDeps, s: StoredComment, hidden: boolean): PlatformStep {
  return {
    action: hidden ? 'hide' : 'unhide',
    call: async () => { await (hidden ? deps.platform.hide : deps.platform.unhide)(s.workspaceId, s.comment); return {}; },
    happened: (st) => (st.exists && st.hidden === hidden ? {} : null),
  };
}

export async function hide(deps: ActionDeps, workspaceId: string, id: string, by: string | null): Promise<Comment> {
  const s = await loadComment(workspaceId, id);
  guard('hide', s);
  if (s.comment.isHidden) throw new StateConflict('This comment is already hidden.');
  return actOnPlatform(deps, s, hideStep(deps, s, true), () => ({
    action: 'hide', activity: `Hid a comment by ${s.comment.authorName}`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, isHidden: true, status: reviewedStatus(cur.comment.status), lastError: null }, review: reviewAfter(cur, 'hide') }),
  }), by);
}

export async function unhide(deps: ActionDeps, workspaceId: string, id: string, by: string | null): Promise<Comment> {
  const s = await loadComment(workspaceId, id);
  guard('unhide', s);
  if (!s.comment.isHidden) throw new StateConflict('This comment is not hidden.');
  return actOnPlatform(deps, s, hideStep(deps, s, false), () => ({
    action: 'unhide', activity: `Unhid a comment by ${s.comment.authorName}`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, isHidden: false, lastError: null } }),
  }), by);
}

export function deleteStep(deps: ActionDeps, s: StoredComment): PlatformStep {
  return {
    action: 'delete',
    call: async () => { await deps.platform.remove(s.workspaceId, s.comment); return {}; },
    happened: (st) => (st.exists ? null : {}),
  };
}

export async function remove(deps: ActionDeps, workspaceId: string, id: string, by: string | null): Promise<Comment> {
  const s = await loadComment(workspaceId, id);
  guard('delete', s);
  return actOnPlatform(deps, s, deleteStep(deps, s), () => ({
    action: 'delete', activity: `Deleted a comment by ${s.comment.authorName}`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, status: 'deleted', lastError: null }, review: reviewAfter(cur, 'delete') }),
  }), by);
}

/** Reviewed, nothing to do: the comment leaves the queue; nothing happens on the platform. */
export async function dismiss(deps: ActionDeps, workspaceId: string, id: string, by: string | null): Promise<Comment> {
  const s = await loadComment(workspaceId, id);
  guard('dismiss', s);
  const change: Change = {
    action: 'dismiss', activity: `Dismissed ${s.comment.authorName}'s comment (nothing to do)`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, status: 'approved', dismissed: true, lastError: null }, review: reviewAfter(cur, 'ignore') }),
  };
  return (await record(deps, s, change, by, false)).comment;
}

/** Blocks the author from the Facebook page (Instagram has no such call: hide their comments instead). */
export async function block(deps: ActionDeps, workspaceId: string, id: string, by: string | null): Promise<Comment> {
  const s = await loadComment(workspaceId, id);
  guard('block', s);
  if (s.comment.platform !== 'facebook') {
    throw new Invalid('Instagram does not let apps block a person from an account: hide their comments instead.');
  }
  if (s.comment.authorBlocked) throw new StateConflict(`${s.comment.authorName} is already blocked from the page.`);
  const step: PlatformStep = {
    action: 'block',
    call: async () => { await deps.platform.blockAuthor(workspaceId, s.comment); return {}; },
    happened: () => null, // blocking again is harmless: a retry simply blocks
  };
  return actOnPlatform(deps, s, step, () => ({
    action: 'block', activity: `Blocked ${s.comment.authorName} from the page`,
    apply: (cur) => ({ ...cur, comment: { ...cur.comment, authorBlocked: true, lastError: null } }),
  }), by);
}

/** Undo of a reply: deletes our reply on the platform; the comment is approved again (reviewed, no reply). */
export async function deleteReply(deps: ActionDeps, workspaceId: string, id: string, by: string | null): Promise<Comment> {
  const s = await loadComment(workspaceId, id);
  const ours = s.comment.reply;
  if (s.comment.status !== 'replied' || !ours?.id) throw new StateConflict('This comment has no reply of ours to delete.');
  guard('deleteReply', s);
  const step: PlatformStep = {
    action: 'delete_reply',
    call: async () => { await deps.platform.removeReply(workspaceId, s.comment, ours.id); return {}; },
    happened: (st) => (st.pageReplies.some((r) => r.id === ours.id) ? null : {}),
  };
  return actOnPlatform(deps, s, step, () => ({
    action: 'delete_reply', platformId: ours.id, activity: `Deleted our reply to ${s.comment.authorName}`,
    apply: (cur) => {
      const { reply: _gone, ...rest } = cur.comment;
      return { ...cur, comment: { ...rest, status: 'approved', lastError: null } };
    },
  }), by);
}

/** Every action on the comment, who, when, oldest first. */
export async function history(workspaceId: string, id: string): Promise<CommentHistoryEntry[]> {
  await loadComment(workspaceId, id);
  return stores.claims.listHistory(workspaceId, id);
}
