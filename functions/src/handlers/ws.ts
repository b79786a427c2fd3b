/** Lambda: the WebSocket API. $connect (already authorised by the shared authorizer) stores the connection; $disconnect removes it. */
import { originAllowed } from '../http/validate.js';
import { deleteConnection, findConnectionOwner, putConnection } from '../store/connections.js';
import { addLogKeys } from '../observability/index.js';
import { observed, requestIdOf } from '../observability/middleware.js';

interface WsEvent { headers?: Record<string, string | undefined> | null; requestContext: { routeKey: string; connectionId: string; requestId?: string; authorizer?: Record<string, unknown> | null } }

async function connection(event: WsEvent): Promise<{ statusCode: number; body?: string }> {
  const { routeKey, connectionId, authorizer } = event.requestContext;
  const workspaceId = typeof authorizer?.workspaceId === 'string' ? authorizer.workspaceId : null;
  addLogKeys({ workspace: workspaceId ?? undefined });
  if (routeKey === '$connect') {
    if (!workspaceId) return { statusCode: 401 };
    if (!originAllowed(event.headers)) return { statusCode: 403 }; // a cross-site page may not open the socket
    await putConnection(workspaceId, connectionId, String(authorizer?.userId ?? ''));
    return { statusCode: 200 };
  }
  if (routeKey === '$disconnect') {
    const owner = workspaceId ?? (await findConnectionOwner(connectionId));
    if (owner) await deleteConnection(owner, connectionId);
    return { statusCode: 200 };
  }
  return { statusCode: 200, body: JSON.stringify({ type: 'pong' }) };
}

export const handler = observed(connection, (event, context) => event.requestContext.requestId || requestIdOf(context));
