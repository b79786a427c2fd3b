/**
 * Platform actions adapter: finds the comment's connected account and its token, then replies,
 * hides or deletes through the Graph API client. Refusals become PlatformActionError.
 */
import type { Comment } from '@cg/shared';
import { PlatformActionError, type PlatformActionsPort } from '../domain/ports.js';
import { getAccount } from '../store/accounts.js';
import { decryptToken } from './tokens.js';
import { platformAction } from './meta-actions.js';

async function tokenFor(workspaceId: string, comment: Comment): Promise<string> {
  const account = comment.accountId ? await getAccount(workspaceId, comment.accountId) : null;
  if (!account || !account.encryptedToken) throw new PlatformActionError('The account this comment belongs to is no longer connected.');
  if (account.needsReconnect) throw new PlatformActionError(`${account.accountName} needs to be reconnected in Settings.`);
  return await decryptToken(account.encryptedToken);
}

export const metaPlatformActions: PlatformActionsPort = {
  async reply(workspaceId, comment, text) { await platformAction(workspaceId, 'reply', comment, await tokenFor(workspaceId, comment), text); },
  async hide(workspaceId, comment) { await platformAction(workspaceId, 'hide', comment, await tokenFor(workspaceId, comment)); },
  async remove(workspaceId, comment) { await platformAction(workspaceId, 'delete', comment, await tokenFor(workspaceId, comment)); },
};
