/**
 * Where a comment was posted and who wrote it (issue 12 item 4): its brand and account, the post,
 * media or ad it is on (read once from the platform, then cached a day), the parent comment of a
 * reply, the author's history in this workspace, and a link to see it on Facebook or Instagram.
 */
import type { CommentContext } from '@cg/shared';
import { loadComment } from './actions.js';
import type { StoredComment } from './model.js';
import { PlatformActionError, PlatformOutcomeUnknown, type PlatformActionsPort } from './ports.js';
import { stores, type PostInfoRecord } from './store-port.js';

async function postOf(platform: PlatformActionsPort, s: StoredComment): Promise<PostInfoRecord | null> {
  const c = s.comment;
  if (!c.postId) return null;
  const cached = await stores.commentPages.getPostInfo(s.workspaceId, c.platform, c.postId);
  if (cached) return cached;
  try {
    const info = await platform.postInfo(s.workspaceId, c);
    if (info) await stores.commentPages.putPostInfo(s.workspaceId, c.platform, c.postId, info);
    return info;
  } catch (err) {
    // The context is still useful without the post (a disconnected account, Meta unreachable).
    if (err instanceof PlatformActionError || err instanceof PlatformOutcomeUnknown) return null;
    throw err;
  }
}

function commentLink(s: StoredComment, post: PostInfoRecord | null): string | null {
  const c = s.comment;
  if (!post?.permalink) return c.platform === 'facebook' && c.externalId ? `https://www.facebook.com/${c.externalId}` : null;
  if (c.platform === 'instagram') return post.permalink;
  const sep = post.permalink.includes('?') ? '&' : '?';
  return `${post.permalink}${sep}comment_id=${encodeURIComponent(c.externalId ?? c.id.replace(/^facebook_/, ''))}`;
}

export async function commentContext(platform: PlatformActionsPort, workspaceId: string, id: string): Promise<CommentContext> {
  const s = await loadComment(workspaceId, id);
  const c = s.comment;
  const [accounts, post, parent, authored] = await Promise.all([
    stores.accounts.listAccounts(workspaceId),
    postOf(platform, s),
    c.parentId ? stores.comments.getComment(workspaceId, `${c.platform}_${c.parentId}`) : Promise.resolve(null),
    stores.commentPages.authorComments(workspaceId, c.platform, c.authorId),
  ]);
  const byAuthor = authored.items;
  const account = accounts.find((a) => a.id === c.accountId) ?? null;
  const brand = account ? (accounts.find((a) => a.platform === 'facebook' && a.externalId === account.brandId) ?? account) : null;
  const times = byAuthor.map((x) => x.comment.timestamp).sort();
  const label = c.adId ? (post && !post.published ? 'Dark post' : 'Ad') : post && !post.published ? 'Dark post' : null;
  return {
    commentId: c.id,
    platform: c.platform,
    brand: brand ? { id: account!.brandId, name: brand.accountName } : null,
    account: account ? { id: account.id, name: account.accountName, platform: account.platform } : null,
    post: post || c.postId ? {
      id: post?.id ?? c.postId!, text: (post?.text ?? '').slice(0, 280), permalink: post?.permalink ?? null, label, adId: c.adId ?? null,
    } : null,
    parent: parent?.comment ?? null,
    author: {
      id: c.authorId, name: c.authorName,
      comments: byAuthor.length,
      hidden: byAuthor.filter((x) => x.comment.isHidden).length,
      deleted: byAuthor.filter((x) => x.comment.status === 'deleted').length,
      firstSeen: times[0] ?? null,
      complete: authored.complete,
    },
    permalink: commentLink(s, post),
  };
}
