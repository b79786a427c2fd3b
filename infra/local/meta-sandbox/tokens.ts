/** OAuth codes and access tokens: issue, exchange, check, revoke. Page tokens live on the pages. */
import { randomBytes } from 'node:crypto';
import type { World } from './model.js';

export const SHORT_LIVED_SECONDS = 5400;
export const LONG_LIVED_SECONDS = 5183944;
const CODE_TTL_MS = 10 * 60_000;

export type TokenInfo =
  | { kind: 'user'; token: string; userId: string; expiresAt: number; longLived: boolean }
  | { kind: 'page'; token: string; pageId: string };

interface CodeInfo { redirectUri: string; expiresAt: number; used: boolean }

export class TokenStore {
  private codes = new Map<string, CodeInfo>();
  private userTokens = new Map<string, Extract<TokenInfo, { kind: 'user' }>>();
  private revoked = new Set<string>();

  constructor(private readonly world: World, private readonly now: () => number = Date.now) {}

  issueCode(redirectUri: string): string {
    const code = 'AQ' + randomBytes(24).toString('base64url');
    this.codes.set(code, { redirectUri, expiresAt: this.now() + CODE_TTL_MS, used: false });
    return code;
  }

  /** Returns an error message, or the issued short-lived user token. */
  redeemCode(code: string, redirectUri: string): { error: string; subcode: number } | { token: string } {
    const info = this.codes.get(code);
    if (!info) return { error: 'Invalid verification code format.', subcode: 36009 };
    if (info.used) return { error: 'This authorization code has been used.', subcode: 36009 };
    if (info.expiresAt < this.now()) return { error: 'This authorization code has expired.', subcode: 36007 };
    if (info.redirectUri !== redirectUri) {
      return { error: 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', subcode: 36008 };
    }
    info.used = true;
    return { token: this.issueUserToken(false) };
  }

  issueUserToken(longLived: boolean): string {
    const token = 'EAAUser' + randomBytes(30).toString('base64url');
    const seconds = longLived ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS;
    this.userTokens.set(token, { kind: 'user', token, userId: this.world.user.id, expiresAt: this.now() + seconds * 1000, longLived });
    return token;
  }

  /** Looks a token up; undefined when unknown, revoked or expired. */
  check(token: string): TokenInfo | undefined {
    if (this.revoked.has(token)) return undefined;
    const user = this.userTokens.get(token);
    if (user) return user.expiresAt > this.now() ? user : undefined;
    for (const page of this.world.pages.values()) {
      if (page.accessToken === token) return { kind: 'page', token, pageId: page.id };
    }
    return undefined;
  }

  isExpired(token: string): boolean {
    const user = this.userTokens.get(token);
    return !!user && user.expiresAt <= this.now();
  }

  revoke(token: string): void {
    this.revoked.add(token);
  }
}
