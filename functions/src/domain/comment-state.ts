/**
 * The comment state machine (design D11): pending → processing → processed → approved →
 * replied | deleted. Pure: each transition says whether it is allowed from the current state.
 * A moderator's own actions (issue 12) apply to any comment not being analysed, whatever the AI
 * decided; their finer guards (already hidden, one private reply) live with the actions.
 */
import type { CommentStatus } from '@cg/shared';
import { StateConflict } from './errors.js';

export type Transition = 'process' | 'analysed' | 'analysisFailed' | 'requeue' | 'approve' | 'override' | 'updateReply' | 'actionDone'
  | 'reply' | 'privateReply' | 'hide' | 'unhide' | 'delete' | 'dismiss' | 'block' | 'deleteReply';

const LIVE: readonly CommentStatus[] = ['pending', 'processed', 'approved', 'replied'];

const FROM: Record<Transition, readonly CommentStatus[]> = {
  process: ['pending', 'processed'],
  analysed: ['processing'],
  analysisFailed: ['processing'],
  requeue: ['processing'],
  approve: ['processed'],
  override: ['processed'],
  updateReply: ['processed'],
  actionDone: ['processed', 'approved'],
  reply: ['pending', 'processed', 'approved'],
  privateReply: LIVE,
  hide: LIVE,
  unhide: LIVE,
  delete: LIVE,
  dismiss: ['pending', 'processed'],
  block: [...LIVE, 'deleted'],
  deleteReply: ['replied'],
};

/** Where a moderator's action leaves a comment that was still in the queue (reviewed: it leaves it). */
export function reviewedStatus(from: CommentStatus): CommentStatus {
  return from === 'pending' || from === 'processed' ? 'approved' : from;
}

const WHY: Partial<Record<CommentStatus, string>> = {
  processing: 'is already being processed',
  approved: 'has already been reviewed',
  replied: 'has already been replied to',
  deleted: 'has been deleted',
  pending: 'has no AI decision yet; process it first',
};

export function canTransition(t: Transition, from: CommentStatus): boolean {
  return FROM[t].includes(from);
}

/** Throws a 409 with a clear message when the transition is not allowed. */
export function assertTransition(t: Transition, from: CommentStatus): void {
  if (!canTransition(t, from)) throw new StateConflict(`This comment ${WHY[from] ?? `is ${from}`}.`);
}
