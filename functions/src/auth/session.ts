/**
 * Resolves the signed-in user from the session cookies: verifies the access token and, when it is
 * missing or expired, refreshes it with the refresh token. Shared by the REST authorizer, the API
 * handler and the WebSocket $connect.
 */
import { COOKIES } from '@cg/shared';
import { parseCookies } from '../http/cookies.js';
import type { AuthTokens, IdentityPort } from './identity.js';
import { verifyAccessToken } from './tokens.js';

export interface Session { userId: string; accessToken: string; refreshed?: AuthTokens }

export async function resolveSession(cookieHeader: string | undefined, identity: IdentityPort): Promise<Session | null> {
  const cookies = parseCookies(cookieHeader);
  const access = cookies[COOKIES.access];
  if (access) {
    try {
      const { userId } = await verifyAccessToken(access);
      return { userId, accessToken: access };
    } catch { /* expired or invalid: try the refresh token */ }
  }
  const refresh = cookies[COOKIES.refresh];
  if (!refresh) return null;
  try {
    const tokens = await identity.refresh(refresh);
    const { userId } = await verifyAccessToken(tokens.accessToken);
    return { userId, accessToken: tokens.accessToken, refreshed: { ...tokens, refreshToken: undefined } };
  } catch {
    return null;
  }
}
