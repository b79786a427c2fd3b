/** Builds the API Gateway events (REST proxy v1, REQUEST authorizer, WebSocket) that Lambdas receive in AWS. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';

/** The address API Gateway sees as the caller in AWS: a CloudFront edge server, never the viewer. */
export const EDGE_ADDRESS = '198.51.100.7';

function viewerAddress(req: IncomingMessage): string {
  const ip = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  return `${ip.includes(':') ? `[${ip}]` : ip}:${req.socket.remotePort ?? 0}`;
}

/**
 * The headers the function gets behind CloudFront: for /api and /webhooks only the origin request
 * policy's viewer headers and the cookies (`allow`), for /ws every viewer header but Host; the viewer's
 * Host as X-Forwarded-Host (the ForwardHost function; a caller's own copy is replaced), and the
 * headers CloudFront and API Gateway add themselves (a caller's CloudFront-Viewer-Address is dropped).
 */
export function headersOf(req: IncomingMessage, allow: readonly string[] | null): { headers: Record<string, string>; multi: Record<string, string[]> } {
  const allowed = allow && new Set(allow.map((h) => h.toLowerCase()));
  const headers: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  const set = (name: string, list: string[]) => { headers[name] = name === 'Cookie' ? list.join('; ') : list.join(', '); multi[name] = list; };
  for (const [k, v] of Object.entries(req.headers)) {
    const lower = k.toLowerCase();
    if (v === undefined || lower === 'host' || lower === 'cloudfront-viewer-address' || lower === 'x-forwarded-host' || lower.startsWith('x-forwarded-')) continue;
    if (allowed && lower !== 'cookie' && !allowed.has(lower)) continue;
    set(lower === 'cookie' ? 'Cookie' : k, Array.isArray(v) ? v : [v]);
  }
  const viewer = viewerAddress(req);
  set('Host', ['local.execute-api.localhost']);
  if (req.headers.host) set('X-Forwarded-Host', [req.headers.host]);
  set('CloudFront-Viewer-Address', [viewer]);
  set('X-Forwarded-For', [`${viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '')}, ${EDGE_ADDRESS}`]);
  // https in AWS (viewers are HTTPS only there); the local viewer's plain http here, so origins compare alike.
  set('X-Forwarded-Proto', ['http']);
  set('Via', ['2.0 local.cloudfront.net (CloudFront)']);
  return { headers, multi };
}

function sourceIp(_req: IncomingMessage): string {
  return EDGE_ADDRESS;
}

export function restEvent(req: IncomingMessage, url: URL, body: Buffer, resource: string, pathParameters: Record<string, string>, stage: string, allow: readonly string[] | null): APIGatewayProxyEvent {
  const { headers, multi } = headersOf(req, allow);
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  url.searchParams.forEach((v, k) => { query[k] = v; (multiQuery[k] ??= []).push(v); });
  const isText = /json|text|x-www-form-urlencoded/i.test(String(req.headers['content-type'] ?? '')) || body.length === 0;
  return {
    resource, path: url.pathname, httpMethod: req.method ?? 'GET', headers, multiValueHeaders: multi,
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: Object.keys(multiQuery).length ? multiQuery : null,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
    stageVariables: null,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : null,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local', apiId: 'local', protocol: 'HTTP/1.1', httpMethod: req.method ?? 'GET', path: `/${stage}${url.pathname}`,
      stage, requestId: randomUUID(), requestTimeEpoch: Date.now(), resourceId: 'local', resourcePath: resource, authorizer: null,
      identity: { sourceIp: sourceIp(req), userAgent: String(req.headers['user-agent'] ?? '') } as APIGatewayProxyEvent['requestContext']['identity'],
    },
  };
}

export function authorizerEvent(req: IncomingMessage, methodArn: string, resource: string, allow: readonly string[] | null): APIGatewayRequestAuthorizerEvent {
  const { headers, multi } = headersOf(req, allow);
  return {
    type: 'REQUEST', methodArn, resource, path: req.url ?? '/', httpMethod: req.method ?? 'GET', headers, multiValueHeaders: multi,
    pathParameters: null, queryStringParameters: null, multiValueQueryStringParameters: null, stageVariables: null,
    requestContext: { identity: { sourceIp: sourceIp(req) } } as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

export function wsEvent(routeKey: string, connectionId: string, stage: string, domainName: string, extra: { headers?: Record<string, string>; body?: string; authorizer?: Record<string, unknown> } = {}) {
  return {
    headers: extra.headers,
    body: extra.body,
    isBase64Encoded: false,
    requestContext: {
      routeKey, eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      connectionId, stage, domainName, apiId: 'local', requestId: randomUUID(), requestTimeEpoch: Date.now(), connectedAt: Date.now(),
      authorizer: extra.authorizer ?? null,
    },
  };
}

export function lambdaContext(name: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false, functionName: name, functionVersion: '$LATEST', invokedFunctionArn: `arn:aws:lambda:local:0:function:${name}`,
    memoryLimitInMB: '1024', awsRequestId: randomUUID(), logGroupName: name, logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000, done: () => undefined, fail: () => undefined, succeed: () => undefined,
  };
}
