/**
 * Live updates (design D9): posts a message to every connection of a user through the API Gateway
 * management API; connections that are gone (410) are removed.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { Notifier } from '../domain/ports.js';
import { config } from '../config.js';
import { log, traced } from '../observability/index.js';
import { deleteConnection, listConnections } from '../store/connections.js';

export type { Notifier };

let client: ApiGatewayManagementApiClient | undefined;
function management(): ApiGatewayManagementApiClient | null {
  const endpoint = config.wsEndpoint;
  if (!endpoint) return null;
  client ??= traced(new ApiGatewayManagementApiClient({ region: config.region, endpoint }));
  return client;
}

export const wsNotifier: Notifier = {
  async notify(workspaceId, message) {
    const api = management();
    if (!api) return;
    const data = Buffer.from(JSON.stringify(message));
    const ids = await listConnections(workspaceId);
    // The post's line carries the correlation id of the request or webhook delivery that led to it.
    if (ids.length) log.info('websocket post', { workspace: workspaceId, type: (message as { type?: string }).type, connections: ids.length });
    await Promise.all(ids.map(async (id) => {
      try {
        await api.send(new PostToConnectionCommand({ ConnectionId: id, Data: data }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (err instanceof GoneException || status === 410) await deleteConnection(workspaceId, id);
        else log.warn('websocket post failed', err, { workspace: workspaceId, connection: id });
      }
    }));
  },
  async disconnectMember(workspaceId, userId) {
    const api = management();
    for (const id of await listConnections(workspaceId, userId)) {
      await deleteConnection(workspaceId, id);
      await api?.send(new DeleteConnectionCommand({ ConnectionId: id })).catch(() => undefined); // already gone is fine
    }
  },
};
