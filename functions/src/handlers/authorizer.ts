/**
 * Lambda REQUEST authorizer shared by the protected REST routes and the WebSocket $connect: reads the
 * session cookies, verifies (or refreshes) the access token, and passes the user id in the context.
 * On REST routes an `Authorization: Bearer <API key>` stands in for the cookies (issue 11, item 9):
 * the key's scopes go on as a string; its plan, scopes and rate limit are checked by the API handler,
 * which answers 403 or 429 with a message (an authorizer can only answer 401 or a bare 403).
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { cognitoIdentity } from '../auth/cognito.js';
import { bearerToken, resolveApiKey } from '../auth/api-key.js';
import { resolveSession } from '../auth/session.js';
import { cookieHeader } from '../http/cookies.js';
import { correlationIdFrom } from '../observability/index.js';
import { observed, requestIdOf } from '../observability/middleware.js';

function authorizationHeader(event: APIGatewayRequestAuthorizerEvent): string | undefined {
  const h = event.headers ?? {};
  const name = Object.keys(h).find((k) => k.toLowerCase() === 'authorization');
  return name ? h[name] : undefined;
}

const allow = (event: APIGatewayRequestAuthorizerEvent): APIGatewayAuthorizerResult['policyDocument'] => (
  { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn.replace(/\/[^/]+\/[^/]+\/.*$/, '/*/*/*') }] }
);

export async function authorize(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const bearer = bearerToken(authorizationHeader(event));
  if (bearer) {
    // API keys call the REST API only: a WebSocket is a signed-in person's tab.
    const key = event.methodArn.includes('$connect') ? null : await resolveApiKey(bearer);
    if (!key) throw new Error('Unauthorized');
    return {
      principalId: `apikey:${key.apiKey.id}`,
      policyDocument: allow(event),
      // The key's id also identifies it to the API Gateway usage plan (per-key throttling in AWS).
      usageIdentifierKey: key.apiKey.id,
      context: { userId: key.userId, sessionId: '', workspaceId: key.workspaceId, role: key.role, accessToken: '', apiKeyId: key.apiKey.id, apiKeyScopes: key.apiKey.scopes.join(',') },
    };
  }
  const session = await resolveSession(cookieHeader(event), cognitoIdentity);
  if (!session) throw new Error('Unauthorized'); // API Gateway answers 401
  return {
    principalId: session.userId,
    policyDocument: allow(event),
    // Signed-in sessions share one usage identifier (the Sessions usage plan in AWS: the stage's throttle).
    ...(process.env.SESSION_USAGE_KEY ? { usageIdentifierKey: process.env.SESSION_USAGE_KEY } : {}),
    context: {
      userId: session.userId,
      sessionId: session.sessionId,
      // Authorizer context values reach the integration as strings: '' means no workspace.
      workspaceId: session.workspaceId ?? '',
      role: session.role ?? '',
      accessToken: session.accessToken,
      ...(session.refreshed ? { refreshedAccessToken: session.refreshed.accessToken, expiresIn: session.refreshed.expiresIn } : {}),
    },
  };
}

/** In the correlation scope of the request (X-Correlation-Id, else API Gateway's request id). */
export const handler = observed(authorize, (event, context) => correlationIdFrom(
  Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-correlation-id')?.[1],
  event.requestContext?.requestId || requestIdOf(context),
));
