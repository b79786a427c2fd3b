/**
 * Saved replies (issue 11 item 5): named, per language, with {first_name} and {brand} placeholders;
 * inserted into the reply editor from the comment card and sent by rules (auto-actions.ts fills them).
 */
import { randomUUID } from 'node:crypto';
import type { SavedReply, SavedReplyInput } from '@cg/shared';
import { Missing, StateConflict } from './errors.js';
import { stores } from './store-port.js';

const store = stores.rules;

export function listSavedReplies(workspaceId: string): Promise<SavedReply[]> {
  return store.listSavedReplies(workspaceId);
}

export async function createSavedReply(workspaceId: string, input: SavedReplyInput): Promise<SavedReply> {
  const now = new Date().toISOString();
  const reply: SavedReply = { id: randomUUID(), name: input.name, language: input.language, text: input.text, createdAt: now, updatedAt: now };
  await store.putSavedReply(workspaceId, reply);
  return reply;
}

export async function updateSavedReply(workspaceId: string, id: string, input: SavedReplyInput): Promise<SavedReply> {
  const before = await store.getSavedReply(workspaceId, id);
  if (!before) throw new Missing('Saved reply not found');
  const reply: SavedReply = { ...before, name: input.name, language: input.language, text: input.text, updatedAt: new Date().toISOString() };
  await store.putSavedReply(workspaceId, reply);
  return reply;
}

/** Refused while a rule sends it (change or delete the rule first). */
export async function deleteSavedReply(workspaceId: string, id: string): Promise<void> {
  const users = (await stores.rules.listRules(workspaceId)).filter((r) => (r.action.type === 'reply' || r.action.type === 'private_reply') && r.action.savedReplyId === id);
  if (users.length) throw new StateConflict(`The rule${users.length > 1 ? 's' : ''} ${users.map((r) => `"${r.name}"`).join(', ')} send${users.length > 1 ? '' : 's'} this saved reply: change or delete ${users.length > 1 ? 'them' : 'it'} first.`);
  if (!(await store.deleteSavedReply(workspaceId, id))) throw new Missing('Saved reply not found');
}
