/** Ports the moderation domain talks through; adapters live beside them (queue/, platform/, realtime/). */
import type { Comment, WsMessage } from '@cg/shared';

export interface AnalysisJob { workspaceId: string; commentId: string }
export interface AnalysisQueuePort { enqueue(jobs: AnalysisJob[]): Promise<void> }

/** A platform refused an action (it did not happen); the message says why, for the moderator. */
export class PlatformActionError extends Error {}
/**
 * The platform did not answer (timeout, 5xx, network): the action may or may not have happened.
 * Never retried blindly (design D15): the claim stays open and a retry checks the platform first.
 */
export class PlatformOutcomeUnknown extends Error {}

/** What the platform says about a comment now (to resolve a claim left open by a timeout or crash). */
export interface PlatformCommentState {
  exists: boolean;
  hidden: boolean;
  /** Our (the page's) replies under it: id and text. */
  pageReplies: { id: string; text: string }[];
  /** False once the one private reply was sent (or it is too late). */
  canReplyPrivately: boolean;
}

/** Where a comment was posted: the post, media or ad, and its permalink. */
export interface PlatformPostInfo { id: string; text: string; permalink: string | null; published: boolean }

export interface PlatformActionsPort {
  /** Posts a public reply; returns the id the platform gave it. */
  reply(workspaceId: string, comment: Comment, text: string): Promise<{ id: string }>;
  hide(workspaceId: string, comment: Comment): Promise<void>;
  unhide(workspaceId: string, comment: Comment): Promise<void>;
  remove(workspaceId: string, comment: Comment): Promise<void>;
  /** Deletes one of our own replies (undo of a reply). */
  removeReply(workspaceId: string, comment: Comment, replyId: string): Promise<void>;
  /** Meta's private reply (one per comment, within 7 days). */
  privateReply(workspaceId: string, comment: Comment, text: string): Promise<void>;
  /** Blocks the comment's author from the page (Facebook only). */
  blockAuthor(workspaceId: string, comment: Comment): Promise<void>;
  /** The comment as the platform has it now. */
  commentState(workspaceId: string, comment: Comment): Promise<PlatformCommentState>;
  /** The post or media the comment is on (null when the platform no longer has it). */
  postInfo(workspaceId: string, comment: Comment): Promise<PlatformPostInfo | null>;
}

/** One plain-text mail (invitations, verification and reset codes). */
export interface MailMessage { to: string; subject: string; text: string }
/** Outgoing mail: SES in AWS, the local mail catcher under `npm start` and the tests. */
export interface MailPort { send(message: MailMessage): Promise<void> }

/** Live updates to every open tab of a workspace (API Gateway WebSocket in AWS, the local gateway here). */
export interface Notifier {
  notify(workspaceId: string, message: WsMessage): Promise<void>;
  /** Closes a removed member's open tabs in the workspace: they receive nothing more from it. */
  disconnectMember(workspaceId: string, userId: string): Promise<void>;
}
