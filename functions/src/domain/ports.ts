/** Ports the moderation domain talks through; adapters live beside them (queue/, platform/, realtime/). */
import type { Comment } from '@cg/shared';

export interface AnalysisJob { userId: string; commentId: string }
export interface AnalysisQueuePort { enqueue(jobs: AnalysisJob[]): Promise<void> }

/** A platform refused or failed an action; the message says why, for the moderator. */
export class PlatformActionError extends Error {}

export interface PlatformActionsPort {
  reply(userId: string, comment: Comment, text: string): Promise<void>;
  hide(userId: string, comment: Comment): Promise<void>;
  remove(userId: string, comment: Comment): Promise<void>;
}
