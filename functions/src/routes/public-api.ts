/** Routes: the public API's management (issue 11, item 9): API keys and outgoing webhook endpoints with their delivery log. */
import type { RouteImpls } from '../http/router.js';
import * as apiKeys from '../domain/api-keys.js';
import * as webhooks from '../domain/outgoing-webhooks.js';

export function publicApiRoutes(): RouteImpls {
  return {
    createApiKey: async ({ workspaceId, userId, body }) => ({ status: 201, body: await apiKeys.createApiKey(workspaceId, userId, body) }),
    listApiKeys: async ({ workspaceId }) => ({ body: await apiKeys.listApiKeys(workspaceId) }),
    revokeApiKey: async ({ workspaceId, params }) => { await apiKeys.revokeApiKey(workspaceId, params.id!); return { body: { ok: true } }; },
    createWebhook: async ({ workspaceId, body }) => ({ status: 201, body: await webhooks.createWebhook(workspaceId, body) }),
    listWebhooks: async ({ workspaceId }) => ({ body: await webhooks.listWebhooks(workspaceId) }),
    deleteWebhook: async ({ workspaceId, params }) => { await webhooks.deleteWebhook(workspaceId, params.id!); return { body: { ok: true } }; },
    webhookDeliveries: async ({ workspaceId, params }) => ({ body: await webhooks.deliveries(workspaceId, params.id!) }),
  };
}
