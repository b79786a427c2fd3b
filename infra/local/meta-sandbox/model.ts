/** The sandbox's in-memory world: businesses, pages, posts, media, comments, ads, with lookup indexes. */
import type { Category, Language } from './corpus.js';

export interface Business { id: string; name: string; pageId: string; igUserId: string; adAccountId: string }
export interface Page {
  id: string; name: string; category: string; businessId: string; igUserId: string;
  accessToken: string; subscribedFields: string[];
}
export interface IgUser { id: string; username: string; name: string; pageId: string }
export interface FbPost {
  id: string; pageId: string; message: string; createdTime: number; published: boolean;
  fromId: string; fromName: string; isVisitorPost: boolean;
}
export interface FbComment {
  platform: 'facebook'; id: string; postId: string; pageId: string; parentId?: string;
  fromId: string; fromName: string; message: string; createdTime: number;
  isHidden: boolean; deleted: boolean; likeCount: number;
  category?: Category; language?: Language; authorBlocksPage?: boolean;
}
export interface IgMedia {
  id: string; igUserId: string; caption: string; mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  createdTime: number; isAd: boolean; adId?: string;
}
export interface IgComment {
  platform: 'instagram'; id: string; mediaId: string; igUserId: string; parentId?: string;
  fromId: string; username: string; text: string; createdTime: number;
  hidden: boolean; deleted: boolean; likeCount: number;
  category?: Category; language?: Language; authorBlocksPage?: boolean;
}
export interface AdAccount { id: string; name: string; businessId: string; currency: string }
export interface Ad {
  id: string; name: string; adAccountId: string; status: 'ACTIVE' | 'PAUSED'; creativeId: string;
  storyId?: string; igMediaId?: string; igSourceMediaId?: string;
}
export interface SandboxUser { id: string; name: string; businessIds: string[] }

export type AnyComment = FbComment | IgComment;

export class World {
  user: SandboxUser = { id: '', name: '', businessIds: [] };
  businesses = new Map<string, Business>();
  pages = new Map<string, Page>();
  igUsers = new Map<string, IgUser>();
  posts = new Map<string, FbPost>();
  media = new Map<string, IgMedia>();
  adAccounts = new Map<string, AdAccount>();
  ads = new Map<string, Ad>();
  fbComments = new Map<string, FbComment>();
  igComments = new Map<string, IgComment>();
  /** Comments per post / media, kept sorted by (createdTime, id). */
  private byParentObject = new Map<string, AnyComment[]>();
  private counter = 0;

  nextSerial(): number {
    this.counter += 1;
    return this.counter;
  }

  addComment(c: AnyComment, keepSorted = true): void {
    if (c.platform === 'facebook') this.fbComments.set(c.id, c);
    else this.igComments.set(c.id, c);
    const key = c.platform === 'facebook' ? c.postId : c.mediaId;
    let list = this.byParentObject.get(key);
    if (!list) this.byParentObject.set(key, (list = []));
    const last = list[list.length - 1];
    list.push(c);
    if (keepSorted && last && compareComments(last, c) > 0) list.sort(compareComments);
  }

  /** Re-sorts every list after a bulk insert done with keepSorted=false. */
  resort(): void {
    for (const list of this.byParentObject.values()) list.sort(compareComments);
  }

  /** All comments (including deleted) on a post or media, oldest first. */
  commentsOn(objectId: string): AnyComment[] {
    return this.byParentObject.get(objectId) ?? [];
  }

  comment(id: string): AnyComment | undefined {
    return this.fbComments.get(id) ?? this.igComments.get(id);
  }

  /** The page that owns an object (for token checks), or the business for ad objects. */
  ownerOf(id: string): { pageId?: string; businessId?: string; kind: ObjectKind } | undefined {
    if (this.pages.has(id)) return { pageId: id, kind: 'page' };
    const post = this.posts.get(id);
    if (post) return { pageId: post.pageId, kind: 'post' };
    const fc = this.fbComments.get(id);
    if (fc && !fc.deleted) return { pageId: fc.pageId, kind: 'fbComment' };
    const ig = this.igUsers.get(id);
    if (ig) return { pageId: ig.pageId, kind: 'igUser' };
    const m = this.media.get(id);
    if (m) return { pageId: this.igUsers.get(m.igUserId)?.pageId, kind: 'igMedia' };
    const ic = this.igComments.get(id);
    if (ic && !ic.deleted) return { pageId: this.igUsers.get(ic.igUserId)?.pageId, kind: 'igComment' };
    const accountId = id.startsWith('act_') ? id.slice(4) : undefined;
    const acc = accountId ? this.adAccounts.get(accountId) : undefined;
    if (acc) return { businessId: acc.businessId, kind: 'adAccount' };
    const ad = this.ads.get(id);
    if (ad) return { businessId: this.adAccounts.get(ad.adAccountId)?.businessId, kind: 'ad' };
    return undefined;
  }

  pageOfIgUser(igUserId: string): Page | undefined {
    const ig = this.igUsers.get(igUserId);
    return ig ? this.pages.get(ig.pageId) : undefined;
  }
}

export type ObjectKind = 'page' | 'post' | 'fbComment' | 'igUser' | 'igMedia' | 'igComment' | 'adAccount' | 'ad';

export function compareComments(a: AnyComment, b: AnyComment): number {
  return a.createdTime - b.createdTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Graph's time format: 2026-10-05T12:34:56+0000. */
export function graphTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}
