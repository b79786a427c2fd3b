/**
 * Resolves the signed-in user from the session cookies: verifies the access token (refreshing it
 * with the refresh token when it is missing or expired), then requires the server-side session the
 * sign-in created (so a cookie captured before logout is refused after it) and the user's membership
 * of the session's active workspace (so a removed member's cookie is refused). Shared by the REST
 * authorizer, the API handler and the WebSocket $connect.
 */
import { COOKIES, Role } from '@cg/shared';
import { parseCookies } from '../http/cookies.js';
import { getSession } from '../store/sessions.js';
import { getMember } from '../store/workspaces.js';
import type { AuthTokens, IdentityPort } from './identity.js';
import { verifyAccessToken } from './tokens.js';

export interface Session {
  userId: string;
  accessToken: string;
  refreshed?: AuthTokens;
  sessionId: string;
  /** The active workspace, or null when the user belongs to none. */
  workspaceId: string | null;
  role: Role | null;
}

async function tokenUser(cookies: Record<string, string>, identity: IdentityPort): Promise<Pick<Session, 'userId' | 'accessToken' | 'refreshed'> | null> {
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

export async function resolveSession(cookieHeader: string | undefined, identity: IdentityPort): Promise<Session | null> {
  const cookies = parseCookies(cookieHeader);
  const sessionId = cookies[COOKIES.session];
  if (!sessionId || sessionId.length > 200) return null;
  const [user, session] = await Promise.all([tokenUser(cookies, identity), getSession(sessionId)]);
  if (!user || !session || session.userId !== user.userId) return null;
  if (!session.workspaceId) return { ...user, sessionId, workspaceId: null, role: null };
  const member = await getMember(session.workspaceId, user.userId);
  if (!member) return null; // removed from the active workspace: this session ends
  return { ...user, sessionId, workspaceId: session.workspaceId, role: Role.parse(member.role) };
}
