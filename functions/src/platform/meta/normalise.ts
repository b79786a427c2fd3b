/** Graph comment answers (zod schemas) → normalised PlatformComment. */
import * as z from 'zod';
import { toIso, type PlatformComment } from './types.js';

export const FB_COMMENT_FIELDS = 'id,message,from{id,name,picture},created_time,is_hidden,parent{id},comment_count,like_count';
export const IG_COMMENT_FIELDS = 'id,text,username,timestamp,like_count,hidden,from{id,username},parent_id';

export const FbCommentSchema = z.object({
  id: z.string(),
  message: z.string().optional(),
  from: z.object({
    id: z.string(), name: z.string().optional(),
    picture: z.object({ data: z.object({ url: z.string() }) }).optional(),
  }).optional(),
  created_time: z.string(),
  is_hidden: z.boolean().optional(),
  parent: z.object({ id: z.string() }).optional(),
});
export type FbCommentRaw = z.infer<typeof FbCommentSchema>;

export const IgCommentSchema = z.object({
  id: z.string(),
  text: z.string().optional(),
  username: z.string().optional(),
  timestamp: z.string(),
  hidden: z.boolean().optional(),
  from: z.object({ id: z.string(), username: z.string().optional() }).optional(),
  parent_id: z.string().optional(),
  like_count: z.number().optional(),
});
export type IgCommentRaw = z.infer<typeof IgCommentSchema>;

export const IgTopCommentSchema = IgCommentSchema.extend({
  replies: z.object({
    data: z.array(IgCommentSchema),
    paging: z.object({ next: z.string().optional() }).optional(),
  }).optional(),
});
export type IgTopCommentRaw = z.infer<typeof IgTopCommentSchema>;

export function normaliseFacebookComment(raw: FbCommentRaw, ctx: { pageId: string; postId: string; adId?: string }): PlatformComment {
  return {
    platform: 'facebook',
    externalId: raw.id,
    accountExternalId: ctx.pageId,
    postId: ctx.postId,
    ...(ctx.adId ? { adId: ctx.adId } : {}),
    ...(raw.parent ? { parentId: raw.parent.id } : {}),
    authorId: raw.from?.id ?? 'unknown',
    authorName: raw.from?.name ?? 'Facebook user',
    ...(raw.from?.picture ? { authorAvatar: raw.from.picture.data.url } : {}),
    content: raw.message ?? '',
    timestamp: toIso(raw.created_time),
    isHidden: raw.is_hidden ?? false,
    fromPage: raw.from?.id === ctx.pageId,
  };
}

export function normaliseInstagramComment(
  raw: IgCommentRaw, ctx: { igUserId: string; igUsername?: string; mediaId: string; adId?: string; parentId?: string },
): PlatformComment {
  const username = raw.username ?? raw.from?.username ?? 'instagram_user';
  const parentId = raw.parent_id ?? ctx.parentId;
  return {
    platform: 'instagram',
    externalId: raw.id,
    accountExternalId: ctx.igUserId,
    postId: ctx.mediaId,
    ...(ctx.adId ? { adId: ctx.adId } : {}),
    ...(parentId ? { parentId } : {}),
    authorId: raw.from?.id ?? username,
    authorName: username,
    content: raw.text ?? '',
    timestamp: toIso(raw.timestamp),
    isHidden: raw.hidden ?? false,
    fromPage: raw.from?.id === ctx.igUserId || (!!ctx.igUsername && username === ctx.igUsername),
  };
}
