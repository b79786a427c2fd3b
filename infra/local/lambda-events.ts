/** Builds the API Gateway events (REST proxy v1, REQUEST authorizer, WebSocket) that Lambdas receive in AWS. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';

function headersOf(req: IncomingMessage): { headers: Record<string, string>; multi: Record<string, string[]> } {
  const headers: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    // CloudFront sets this one itself; a caller's own copy is dropped here as at the edge.
    if (v === undefined || k.toLowerCase() === 'cloudfront-viewer-address') continue;
    const name = k.toLowerCase() === 'cookie' ? 'Cookie' : k;
    const list = Array.isArray(v) ? v : [v];
    headers[name] = name === 'Cookie' ? list.join('; ') : list.join(', ');
    multi[name] = list;
  }
  return { headers, multi };
}

function sourceIp(req: IncomingMessage): string {
  return req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
}

export function restEvent(req: IncomingMessage, url: URL, body: Buffer, resource: string, pathParameters: Record<string, string>, stage: string): APIGatewayProxyEvent {
  const { headers, multi } = headersOf(req);
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

export function authorizerEvent(req: IncomingMessage, methodArn: string, resource: string): APIGatewayRequestAuthorizerEvent {
  const { headers, multi } = headersOf(req);
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
