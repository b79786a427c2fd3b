/** Turns sandbox records into Graph API objects (all fields; the caller projects onto `fields=`). */
import type { Ad, AdAccount, FbComment, FbPost, IgComment, IgMedia, IgUser, Page, World } from './model.js';
import { graphTime } from './model.js';

export function renderPage(p: Page, world: World, withToken: boolean): Record<string, unknown> {
  const ig = world.igUsers.get(p.igUserId);
  return {
    id: p.id, name: p.name, category: p.category, fan_count: 12840 + Number(p.id.slice(-1)) * 731,
    link: `https://www.facebook.com/${p.id}`,
    ...(ig ? { instagram_business_account: { id: ig.id, username: ig.username, name: ig.name } } : {}),
    ...(withToken ? { access_token: p.accessToken } : {}),
  };
}

export function renderPost(p: FbPost): Record<string, unknown> {
  return {
    id: p.id, message: p.message, created_time: graphTime(p.createdTime), updated_time: graphTime(p.createdTime),
    permalink_url: `https://www.facebook.com/${p.pageId}/posts/${p.id.split('_')[1]}`,
    is_hidden: false, is_published: p.published, status_type: 'added_photos',
    from: { id: p.fromId, name: p.fromName },
  };
}

export function renderFbComment(c: FbComment, world: World, baseUrl: string): Record<string, unknown> {
  const parent = c.parentId ? world.fbComments.get(c.parentId) : undefined;
  const fromPage = c.fromId === c.pageId;
  const replies = world.commentsOn(c.postId).filter((r) => r.parentId === c.id && !r.deleted).length;
  return {
    id: c.id, message: c.message,
    from: { id: c.fromId, name: c.fromName, picture: { data: { url: `${baseUrl}/__avatar/${c.fromId}.svg?name=${encodeURIComponent(c.fromName)}` } } },
    created_time: graphTime(c.createdTime), is_hidden: c.isHidden,
    can_hide: !fromPage, can_remove: true, can_reply_privately: !fromPage, can_comment: !c.parentId,
    comment_count: replies, like_count: c.likeCount, user_likes: false,
    permalink_url: `https://www.facebook.com/${c.pageId}/posts/${c.postId.split('_')[1]}?comment_id=${c.id}`,
    object: { id: c.postId },
    ...(parent ? { parent: { id: parent.id, message: parent.message, from: { id: parent.fromId, name: parent.fromName }, created_time: graphTime(parent.createdTime) } } : {}),
  };
}

export function renderIgUser(u: IgUser, world: World): Record<string, unknown> {
  const media = [...world.media.values()].filter((m) => m.igUserId === u.id && !m.isAd).length;
  return { id: u.id, username: u.username, name: u.name, media_count: media, followers_count: 8300 + media * 11, profile_picture_url: `https://scontent.example/${u.username}.jpg` };
}

export function renderMedia(m: IgMedia, world: World): Record<string, unknown> {
  const ig = world.igUsers.get(m.igUserId)!;
  const comments = world.commentsOn(m.id).filter((c) => !c.deleted).length;
  return {
    id: m.id, caption: m.caption, media_type: m.mediaType, media_product_type: m.isAd ? 'AD' : 'FEED',
    permalink: `https://www.instagram.com/p/${Buffer.from(m.id).toString('base64url').slice(0, 11)}/`,
    timestamp: graphTime(m.createdTime), comments_count: comments, like_count: 100 + comments * 7, username: ig.username,
    owner: { id: ig.id }, is_comment_enabled: true,
  };
}

export function renderIgComment(c: IgComment, world: World, withReplies: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: c.id, text: c.text, username: c.username, timestamp: graphTime(c.createdTime), like_count: c.likeCount,
    hidden: c.hidden, from: { id: c.fromId, username: c.username }, media: { id: c.mediaId },
    ...(c.parentId ? { parent_id: c.parentId } : {}),
  };
  if (withReplies && !c.parentId) {
    const replies = world.commentsOn(c.mediaId).filter((r): r is IgComment => r.parentId === c.id && !r.deleted) as IgComment[];
    if (replies.length) out.replies = { data: replies.map((r) => renderIgComment(r, world, false)) };
  }
  return out;
}

export function renderAdAccount(a: AdAccount): Record<string, unknown> {
  return { id: `act_${a.id}`, account_id: a.id, name: a.name, currency: a.currency, account_status: 1 };
}

export function renderAd(ad: Ad, world: World): Record<string, unknown> {
  const igMedia = ad.igMediaId ? world.media.get(ad.igMediaId) : undefined;
  return {
    id: ad.id, name: ad.name, status: ad.status, effective_status: ad.status, account_id: ad.adAccountId,
    creative: {
      id: ad.creativeId,
      ...(ad.storyId ? { effective_object_story_id: ad.storyId, object_story_id: ad.storyId } : {}),
      ...(ad.igMediaId ? { effective_instagram_media_id: ad.igMediaId, instagram_user_id: igMedia?.igUserId } : {}),
      ...(ad.igSourceMediaId ? { source_instagram_media_id: ad.igSourceMediaId } : {}),
      ...(igMedia ? { instagram_permalink_url: `https://www.instagram.com/p/${Buffer.from(igMedia.id).toString('base64url').slice(0, 11)}/` } : {}),
    },
  };
}
