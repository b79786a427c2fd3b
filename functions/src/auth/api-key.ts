/**
 * `Authorization: Bearer <key>` (issue 11, item 9): a workspace API key stands in for a session on
 * the routes its scopes open. Shared by the REST authorizer and the API handler (which resolves it
 * itself when no authorizer ran). The key acts in its creator's name; its role is what its scopes allow.
 */
import type { ApiKeyScope, Role } from '@cg/shared';
import { hashApiKey, looksLikeApiKey } from '../domain/api-keys.js';
import { findApiKeyByHash } from '../store/api-keys.js';

export interface ApiKeySession {
  userId: string;
  accessToken: string;
  sessionId: string;
  workspaceId: string;
  role: Role;
  apiKey: { id: string; scopes: ApiKeyScope[] };
}

/** The bearer token of an Authorization header, if it carries one. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

export function keySession(key: { id: string; workspaceId: string; createdBy: string; scopes: ApiKeyScope[] }): ApiKeySession {
  return {
    userId: key.createdBy, accessToken: '', sessionId: '', workspaceId: key.workspaceId,
    role: key.scopes.includes('moderate') ? 'moderator' : 'viewer', apiKey: { id: key.id, scopes: key.scopes },
  };
}

/** The session a bearer key gives, or null when the key is unknown or revoked. */
export async function resolveApiKey(token: string): Promise<ApiKeySession | null> {
  if (!looksLikeApiKey(token)) return null;
  const key = await findApiKeyByHash(hashApiKey(token));
  return key ? keySession(key) : null;
}
