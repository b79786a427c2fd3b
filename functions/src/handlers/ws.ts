/** Lambda: the WebSocket API. $connect (already authorised by the shared authorizer) stores the connection; $disconnect removes it. */
import { deleteConnection, findConnectionOwner, putConnection } from '../store/connections.js';

interface WsEvent { requestContext: { routeKey: string; connectionId: string; authorizer?: Record<string, unknown> | null } }

export async function handler(event: WsEvent): Promise<{ statusCode: number; body?: string }> {
  const { routeKey, connectionId, authorizer } = event.requestContext;
  const userId = typeof authorizer?.userId === 'string' ? authorizer.userId : null;
  if (routeKey === '$connect') {
    if (!userId) return { statusCode: 401 };
    await putConnection(userId, connectionId);
    return { statusCode: 200 };
  }
  if (routeKey === '$disconnect') {
    const owner = userId ?? (await findConnectionOwner(connectionId));
    if (owner) await deleteConnection(owner, connectionId);
    return { statusCode: 200 };
  }
  return { statusCode: 200, body: JSON.stringify({ type: 'pong' }) };
}
