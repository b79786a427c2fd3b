/**
 * Lambda REQUEST authorizer shared by the protected REST routes and the WebSocket $connect: reads the
 * session cookies, verifies (or refreshes) the access token, and passes the user id in the context.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { cognitoIdentity } from '../auth/cognito.js';
import { resolveSession } from '../auth/session.js';
import { cookieHeader } from '../http/cookies.js';

export async function authorize(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const session = await resolveSession(cookieHeader(event), cognitoIdentity);
  if (!session) throw new Error('Unauthorized'); // API Gateway answers 401
  return {
    principalId: session.userId,
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn.replace(/\/[^/]+\/[^/]+\/.*$/, '/*/*/*') }] },
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

export const handler = authorize;
