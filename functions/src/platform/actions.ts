/**
 * Platform actions adapter: finds the comment's connected account and its token, then acts through
 * the Graph API client (meta-actions.ts). Refusals become PlatformActionError; calls that got no
 * answer become PlatformOutcomeUnknown.
 */
import type { Comment } from '@cg/shared';
import { PlatformActionError, type PlatformActionsPort } from '../domain/ports.js';
import { getAccount } from '../store/accounts.js';
import { decryptToken } from './tokens.js';
import { recordMetric } from '../observability/index.js';
import { platformAction as graphAction, platformCommentState, platformPostInfo, type ActingAccount } from './meta-actions.js';

async function accountFor(workspaceId: string, comment: Comment): Promise<ActingAccount> {
  const account = comment.accountId ? await getAccount(workspaceId, comment.accountId) : null;
  if (!account || !account.encryptedToken) throw new PlatformActionError('The account this comment belongs to is no longer connected.');
  if (account.needsReconnect) throw new PlatformActionError(`${account.accountName} needs to be reconnected in Settings.`);
  return { externalId: account.externalId, token: await decryptToken(account.encryptedToken) };
}

/** One action on Meta, counted: PlatformActions, and PlatformActionFailures when Meta refused it or gave no answer (dimension `action`). */
async function platformAction(...args: Parameters<typeof graphAction>): ReturnType<typeof graphAction> {
  const action = args[1];
  recordMetric('PlatformActions', 1, { action });
  try {
    return await graphAction(...args);
  } catch (err) {
    recordMetric('PlatformActionFailures', 1, { action });
    throw err;
  }
}

export const metaPlatformActions: PlatformActionsPort = {
  async reply(workspaceId, comment, text) {
    const { id } = await platformAction(workspaceId, 'reply', comment, await accountFor(workspaceId, comment), text);
    return { id: id ?? '' };
  },
  async hide(workspaceId, comment) { await platformAction(workspaceId, 'hide', comment, await accountFor(workspaceId, comment)); },
  async unhide(workspaceId, comment) { await platformAction(workspaceId, 'unhide', comment, await accountFor(workspaceId, comment)); },
  async remove(workspaceId, comment) { await platformAction(workspaceId, 'delete', comment, await accountFor(workspaceId, comment)); },
  async removeReply(workspaceId, comment, replyId) { await platformAction(workspaceId, 'delete_reply', comment, await accountFor(workspaceId, comment), replyId); },
  async privateReply(workspaceId, comment, text) { await platformAction(workspaceId, 'private_reply', comment, await accountFor(workspaceId, comment), text); },
  async blockAuthor(workspaceId, comment) { await platformAction(workspaceId, 'block', comment, await accountFor(workspaceId, comment)); },
  async commentState(workspaceId, comment) { return platformCommentState(workspaceId, comment, await accountFor(workspaceId, comment)); },
  async postInfo(workspaceId, comment) { return platformPostInfo(workspaceId, comment, await accountFor(workspaceId, comment)); },
};
