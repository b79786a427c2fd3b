/** Ports the moderation domain talks through; adapters live beside them (queue/, platform/, realtime/). */
import type { Comment } from '@cg/shared';

export interface AnalysisJob { workspaceId: string; commentId: string }
export interface AnalysisQueuePort { enqueue(jobs: AnalysisJob[]): Promise<void> }

/** A platform refused or failed an action; the message says why, for the moderator. */
export class PlatformActionError extends Error {}

export interface PlatformActionsPort {
  reply(workspaceId: string, comment: Comment, text: string): Promise<void>;
  hide(workspaceId: string, comment: Comment): Promise<void>;
  remove(workspaceId: string, comment: Comment): Promise<void>;
}

/** One plain-text mail (invitations, verification and reset codes). */
export interface MailMessage { to: string; subject: string; text: string }
/** Outgoing mail: SES in AWS, the local mail catcher under `npm start` and the tests. */
export interface MailPort { send(message: MailMessage): Promise<void> }
