/** Ads: the user's ad accounts, their ads with creatives, and where each ad's comments live (dark posts, IG ad media). */
import * as z from 'zod';
import type { GraphClient } from './http.js';

export interface AdAccount { id: string; accountId: string; name: string }
export interface AdInfo {
  id: string; name: string; status: string;
  /** `{page-id}_{post-id}` of the (possibly unpublished) page post behind the ad. */
  storyId?: string;
  /** Instagram media carrying the ad's (non-organic) comments. */
  igMediaId?: string;
  igSourceMediaId?: string;
  /** Instagram account the ad runs as (creative.instagram_user_id). */
  igUserId?: string;
}

const AdAccountSchema = z.object({ id: z.string(), account_id: z.string().optional(), name: z.string().optional() });
const AdSchema = z.object({
  id: z.string(), name: z.string().optional(), effective_status: z.string().optional(),
  creative: z.object({
    effective_object_story_id: z.string().optional(),
    effective_instagram_media_id: z.string().optional(),
    source_instagram_media_id: z.string().optional(),
    instagram_user_id: z.string().optional(),
  }).optional(),
});

/** Ad accounts of the user (needs the user token with ads_read). */
export async function listAdAccounts(client: GraphClient, userToken: string): Promise<AdAccount[]> {
  const items = await client.all('me/adaccounts', userToken, { fields: 'id,account_id,name', limit: 100 }, AdAccountSchema);
  return items.map((a) => ({ id: a.id.startsWith('act_') ? a.id : `act_${a.id}`, accountId: a.account_id ?? a.id.replace(/^act_/, ''), name: a.name ?? a.id }));
}

/** Ads of an account with their creatives' story and Instagram media ids. `statuses` filters effective_status. */
export async function listAds(client: GraphClient, adAccountId: string, userToken: string, opts: { statuses?: string[] } = {}): Promise<AdInfo[]> {
  const account = adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`;
  const items = await client.all(`${account}/ads`, userToken, {
    fields: 'id,name,effective_status,creative{effective_object_story_id,effective_instagram_media_id,source_instagram_media_id,instagram_user_id,instagram_permalink_url}',
    limit: 100,
    ...(opts.statuses ? { effective_status: JSON.stringify(opts.statuses) } : {}),
  }, AdSchema);
  return items.map((a) => ({
    id: a.id, name: a.name ?? a.id, status: a.effective_status ?? 'UNKNOWN',
    storyId: a.creative?.effective_object_story_id, igMediaId: a.creative?.effective_instagram_media_id,
    igSourceMediaId: a.creative?.source_instagram_media_id, igUserId: a.creative?.instagram_user_id,
  }));
}

/** Groups ads into comment sources: Facebook posts per page id, and Instagram ad media (igUserId when known). */
export function adCommentSources(ads: AdInfo[]): {
  facebook: Map<string, { postId: string; adId: string }[]>;
  instagram: { mediaId: string; adId: string; igUserId?: string }[];
} {
  const facebook = new Map<string, { postId: string; adId: string }[]>();
  const instagram: { mediaId: string; adId: string; igUserId?: string }[] = [];
  for (const ad of ads) {
    if (ad.storyId) {
      const pageId = ad.storyId.split('_')[0]!;
      facebook.set(pageId, [...(facebook.get(pageId) ?? []), { postId: ad.storyId, adId: ad.id }]);
    }
    if (ad.igMediaId) instagram.push({ mediaId: ad.igMediaId, adId: ad.id, ...(ad.igUserId ? { igUserId: ad.igUserId } : {}) });
  }
  return { facebook, instagram };
}
