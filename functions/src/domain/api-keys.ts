/**
 * API keys per workspace (issue 11, item 9): created with a name and scopes, shown once, stored as
 * their SHA-256; a key acts in its creator's name within its scopes (read; moderate also acts), never
 * manages the workspace. Using one needs the plan with API access and is rate-limited per key.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_RATE_LIMIT, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@cg/shared';
import { apiKeyGateway } from './api-key-port.js';
import { Missing, NotAuthenticated, Throttled } from './errors.js';
import { assertPlanFeature } from './plan-features.js';
import type { ApiKeyLookup, ApiKeyRecord } from './public-api-model.js';
import { stores } from './store-port.js';

const keys = stores.apiKeys;

/** Requests per key per minute (RATE_LIMIT_API_KEY_PER_MINUTE; API Gateway's usage plan applies the same in AWS). */
export function apiKeyRateLimit(): number {
  const n = Number(process.env.RATE_LIMIT_API_KEY_PER_MINUTE);
  return Number.isFinite(n) && n > 0 ? n : API_KEY_RATE_LIMIT.perMinute;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A key looks like ours before anything is read (no lookup for a random bearer token). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length > API_KEY_PREFIX.length + 20 && token.length < 200;
}

/** Refuses when the workspace's plan has no API access, naming the plan that has it. */
export function assertApiAccess(workspaceId: string): Promise<void> {
  return assertPlanFeature(workspaceId, 'api');
}

const view = (k: ApiKeyRecord): ApiKey => ({ id: k.id, name: k.name, scopes: k.scopes, prefix: k.prefix, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt });

export async function createApiKey(workspaceId: string, userId: string, input: { name: string; scopes: ApiKeyScope[] }): Promise<CreatedApiKey> {
  await assertApiAccess(workspaceId);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const record: ApiKeyRecord = {
    id: randomUUID(), workspaceId, name: input.name, scopes: [...new Set(input.scopes)], prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    hash: hashApiKey(key), createdBy: userId, createdAt: new Date().toISOString(), lastUsedAt: null,
  };
  await apiKeyGateway().register(record.id, workspaceId);
  try {
    await keys.putApiKey(record);
  } catch (err) {
    await apiKeyGateway().unregister(record.id).catch(() => undefined);
    throw err;
  }
  return { ...view(record), key };
}

export async function listApiKeys(workspaceId: string): Promise<ApiKey[]> {
  return (await keys.listApiKeys(workspaceId)).map(view);
}

export async function revokeApiKey(workspaceId: string, id: string): Promise<void> {
  if (!(await keys.deleteApiKey(workspaceId, id))) throw new Missing('API key not found (already revoked?)');
  await apiKeyGateway().unregister(id);
}

/** The key a bearer token names, or null (unknown, revoked, or its workspace is gone). */
export async function findApiKey(token: string): Promise<ApiKeyLookup | null> {
  if (!looksLikeApiKey(token)) return null;
  return keys.findApiKeyByHash(hashApiKey(token));
}

/**
 * Admits one request made with a key: the plan must have API access (403 naming the plan), and the
 * key must be under its per-minute limit (429 with Retry-After). Records the key's last use.
 */
export async function admitApiKeyRequest(key: Pick<ApiKeyLookup, 'id' | 'workspaceId'>, now = Date.now()): Promise<void> {
  // A deleted workspace's keys are left behind as lookups (outside its partition): they authenticate nothing.
  if (!(await stores.workspaces.getWorkspace(key.workspaceId))) throw new NotAuthenticated('This API key belongs to a workspace that no longer exists.');
  await assertApiAccess(key.workspaceId);
  const limit = apiKeyRateLimit();
  const count = await stores.rateLimit.countAttempt(`APIKEY#${key.id}`, 60);
  if (count > limit) {
    const retry = 60 - Math.floor(now / 1000) % 60;
    throw new Throttled(retry, `This API key is over its limit of ${limit} requests a minute. Try again in ${retry} seconds.`);
  }
  await keys.touchApiKey(key.workspaceId, key.id, new Date(now).toISOString());
}
