/**
 * Errors of the store port that the domain and the HTTP layer act on. A stored item that no longer
 * matches its schema (corrupt or written by hand) is unreadable: lists and batches skip it (logged
 * with its key), a read of that one item answers 422 saying it cannot be read.
 */
import { DomainError } from './errors.js';

export class UnreadableItem extends DomainError {
  constructor(readonly key: { pk: string; sk: string }, readonly what: string, readonly detail: string) {
    super('unreadable', `This ${what} cannot be read: its stored data is damaged (${detail}).`);
  }
}

/** The email is already claimed by another account. */
export class EmailTaken extends Error { constructor() { super('email taken'); this.name = 'EmailTaken'; } }

/** The user is already a member of the workspace. */
export class AlreadyMember extends Error { constructor() { super('already a member'); this.name = 'AlreadyMember'; } }
