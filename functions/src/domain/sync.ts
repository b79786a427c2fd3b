/**
 * Comment sync from Meta: for every active account, page-post and visitor-post comments with
 * replies, Instagram media comments and replies, and ad comments (Facebook dark posts through
 * effective_object_story_id, Instagram ads through effective_instagram_media_id). Incremental per
 * account (since the last complete sync), idempotent (insert-if-absent), bounded per call; the
 * page's own comments and replies are recognised and skipped. Throttling pauses the account
 * until Meta allows calls again, without moving its cursor, so nothing is lost; an invalid token
 * marks the account "needs reconnect".
 */
import type { Comment } from '@cg/shared';
import { meta, MetaThrottled, MetaTokenInvalid, vault, type AdSources, type MetaSession } from './meta-port.js';
import { stores } from './store-port.js';
import { telemetry } from './telemetry-port.js';
import { alertReconnect } from './alerts.js';
import type { PlatformComment, StoredAccount } from './model.js';

const accounts = stores.accounts;
const { insertNew } = stores.comments;

export interface SyncResult { added: Comment[]; accounts: number; throttled: string[]; needsReconnect: string[]; more: boolean }

/** A stored comment from a platform comment (the page's own comments are never stored: nothing to moderate). */
export function toComment(p: PlatformComment, accountId: string): Comment {
  return {
    id: `${p.platform}_${p.externalId}`, platform: p.platform, externalId: p.externalId, accountId,
    authorName: p.authorName, authorId: p.authorId, ...(p.authorAvatar ? { authorAvatar: p.authorAvatar } : {}),
    content: p.content, timestamp: p.timestamp, postId: p.postId, ...(p.adId ? { adId: p.adId } : {}), ...(p.parentId ? { parentId: p.parentId } : {}),
    isHidden: p.isHidden, status: 'pending', aiDecision: null, lastError: null,
  };
}

async function adSources(platform: MetaSession, brand: StoredAccount): Promise<AdSources> {
  if (!brand.encryptedUserToken) return { facebook: new Map(), instagram: [] };
  return platform.adSources(await vault().open(brand.encryptedUserToken));
}

/** Stores every new comment of one account; stops (incomplete) once `budget` new comments were added or its deadline passed. */
async function syncAccount(platform: MetaSession, workspaceId: string, a: StoredAccount, brand: StoredAccount, budget: { left: number; deadline: number }, added: Comment[]): Promise<boolean> {
  const token = await vault().open(a.encryptedToken!);
  const since = a.syncedUntil ?? undefined;
  const ads = await adSources(platform, brand);
  const pages = a.platform === 'facebook'
    ? platform.facebookPageComments({ pageId: a.externalId, pageToken: token, adPosts: ads.facebook.get(a.externalId) ?? [], since })
    : platform.instagramAccountComments({ igUserId: a.externalId, pageToken: token, adMedia: ads.instagram.filter((m) => !m.igUserId || m.igUserId === a.externalId), since });
  for await (const batch of pages) {
    const fresh = await insertNew(workspaceId, batch.filter((p) => !p.fromPage).map((p) => toComment(p, a.id)));
    added.push(...fresh);
    if (fresh.length) telemetry.metric('CommentsReceived', fresh.length);
    budget.left -= fresh.length;
    if (budget.left <= 0 || Date.now() >= budget.deadline) return false;
  }
  return true;
}

export interface SyncOptions {
  maxComments?: number;
  /** Stop (more: true) once this time (epoch ms) has passed: the rest continues in a job. */
  deadline?: number;
  /** Only the accounts of this brand (its Facebook page id): the schedule syncs one brand per job. */
  brandId?: string;
}

export async function syncUser(workspaceId: string, opts: SyncOptions = {}): Promise<SyncResult> {
  const platform = meta().session(workspaceId);
  try {
    return await syncAll(platform, workspaceId, opts);
  } finally {
    await platform.flush();
  }
}

/** The brand an account belongs to: its Facebook page's id (a page is its own brand). */
export function brandOf(a: Pick<StoredAccount, 'platform' | 'externalId' | 'brandId'>): string {
  return a.brandId || a.externalId;
}

async function syncAll(platform: MetaSession, workspaceId: string, opts: SyncOptions): Promise<SyncResult> {
  const all = await accounts.listAccounts(workspaceId);
  const result: SyncResult = { added: [], accounts: 0, throttled: [], needsReconnect: [], more: false };
  const budget = { left: opts.maxComments ?? 5_000, deadline: opts.deadline ?? Infinity };
  const now = Date.now();
  for (const a of all) {
    if (!a.isActive || a.needsReconnect || !a.encryptedToken) continue;
    if (opts.brandId && brandOf(a) !== opts.brandId) continue;
    if (a.throttledUntil && Date.parse(a.throttledUntil) > now) { result.throttled.push(a.accountName); continue; }
    if (budget.left <= 0 || Date.now() >= budget.deadline) { result.more = true; break; }
    const brand = all.find((b) => b.platform === 'facebook' && b.externalId === a.brandId) ?? a;
    const startedAt = new Date().toISOString();
    try {
      const complete = await syncAccount(platform, workspaceId, a, brand, budget, result.added);
      result.accounts++;
      // The cursor moves only after a complete pass, so a stopped sync resumes without a gap.
      if (complete) await accounts.putAccount({ ...a, syncedUntil: startedAt, throttledUntil: null });
      else result.more = true;
    } catch (err) {
      if (err instanceof MetaThrottled) {
        await accounts.putAccount({ ...a, throttledUntil: new Date(Date.now() + err.retryAfterMs).toISOString() });
        result.throttled.push(a.accountName);
      } else if (err instanceof MetaTokenInvalid) {
        await accounts.putAccount({ ...a, needsReconnect: true });
        result.needsReconnect.push(a.accountName);
        await alertReconnect(workspaceId, a);
      } else throw err;
    }
  }
  return result;
}
