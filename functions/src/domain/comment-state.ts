/**
 * The comment state machine (design D11): pending → processing → processed → approved →
 * replied | deleted. Pure: each transition says whether it is allowed from the current state.
 */
import type { CommentStatus } from '@cg/shared';
import { StateConflict } from './errors.js';

export type Transition = 'process' | 'analysed' | 'analysisFailed' | 'requeue' | 'approve' | 'override' | 'updateReply' | 'actionDone';

const FROM: Record<Transition, readonly CommentStatus[]> = {
  process: ['pending', 'processed'],
  analysed: ['processing'],
  analysisFailed: ['processing'],
  requeue: ['processing'],
  approve: ['processed'],
  override: ['processed'],
  updateReply: ['processed'],
  actionDone: ['processed', 'approved'],
};

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
