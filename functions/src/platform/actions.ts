/**
 * Platform actions adapter: finds the comment's connected account and its token, then replies,
 * hides or deletes through the Graph API client. Refusals become PlatformActionError.
 */
import type { Comment } from '@cg/shared';
import { PlatformActionError, type PlatformActionsPort } from '../domain/ports.js';
import { getAccount } from '../store/accounts.js';
import { decryptToken } from './tokens.js';
import { platformAction } from './meta-actions.js';

async function tokenFor(userId: string, comment: Comment): Promise<string> {
  const account = comment.accountId ? await getAccount(userId, comment.accountId) : null;
  if (!account || !account.encryptedToken) throw new PlatformActionError('The account this comment belongs to is no longer connected.');
  if (account.needsReconnect) throw new PlatformActionError(`${account.accountName} needs to be reconnected in Settings.`);
  return await decryptToken(account.encryptedToken);
}

export const metaPlatformActions: PlatformActionsPort = {
  async reply(userId, comment, text) { await platformAction(userId, 'reply', comment, await tokenFor(userId, comment), text); },
  async hide(userId, comment) { await platformAction(userId, 'hide', comment, await tokenFor(userId, comment)); },
  async remove(userId, comment) { await platformAction(userId, 'delete', comment, await tokenFor(userId, comment)); },
};
