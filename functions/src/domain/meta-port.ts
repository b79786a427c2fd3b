/**
 * The Meta port (design D7, D14): what connecting pages and syncing comments need from Facebook
 * and Instagram, in the domain's terms, and the token vault that seals platform tokens at rest. The
 * Graph API adapter (functions/src/platform/meta-port.ts) implements it; the composition root binds it.
 */
import type { PlatformComment } from './model.js';

export interface MetaPageGrant { id: string; name: string; accessToken: string }
export interface AdSources {
  /** Page id → its ads' posts (Facebook dark posts). */
  facebook: Map<string, { postId: string; adId: string }[]>;
  instagram: { mediaId: string; adId: string; igUserId?: string }[];
}

/** One workspace's conversation with Meta: every answer is counted for its analytics, written by `flush`. */
export interface MetaSession {
  /** The long-lived user token for an OAuth code; throws when Meta refuses the code. */
  userTokenForCode(code: string, redirectUri: string): Promise<string>;
  /** The app-scoped id of the Facebook user a token belongs to. */
  userId(userToken: string): Promise<string>;
  pages(userToken: string): Promise<MetaPageGrant[]>;
  instagramAccount(pageId: string, pageToken: string): Promise<{ id: string; username?: string } | null>;
  subscribePage(pageId: string, pageToken: string): Promise<void>;
  unsubscribePage(pageId: string, pageToken: string): Promise<boolean>;
  adSources(userToken: string): Promise<AdSources>;
  facebookPageComments(opts: { pageId: string; pageToken: string; adPosts: { postId: string; adId: string }[]; since?: string }): AsyncIterable<PlatformComment[]>;
  instagramAccountComments(opts: { igUserId: string; pageToken: string; adMedia: { mediaId: string; adId: string }[]; since?: string }): AsyncIterable<PlatformComment[]>;
  flush(): Promise<void>;
}

export interface MetaPort {
  session(workspaceId: string | null): MetaSession;
  loginDialogUrl(redirectUri: string, state: string): string;
  /** The app secret (signs OAuth states, verifies Meta's signed requests). */
  appSecret(): string;
}

/** Seals platform tokens at rest (KMS in AWS). */
export interface TokenVault { seal(plain: string): Promise<string>; open(sealed: string): Promise<string> }

/** Meta rate-limits this account: stop calling until `retryAfterMs` has passed. */
export class MetaThrottled extends Error { constructor(message: string, readonly retryAfterMs: number) { super(message); this.name = 'MetaThrottled'; } }
/** The token is expired, revoked or invalid: the account needs reconnecting. */
export class MetaTokenInvalid extends Error { constructor(message: string) { super(message); this.name = 'MetaTokenInvalid'; } }

let bound: { meta: MetaPort; vault: TokenVault } | null = null;

export function bindMeta(meta: MetaPort, vault: TokenVault): void {
  bound = { meta, vault };
}

function current(): { meta: MetaPort; vault: TokenVault } {
  if (!bound) throw new Error('No Meta port is bound: the composition root (functions/src/handlers/bind-store.ts) binds the Graph API adapter with bindMeta');
  return bound;
}

export const meta = (): MetaPort => current().meta;
export const vault = (): TokenVault => current().vault;
