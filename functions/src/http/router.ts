/**
 * Builds a Lambda handler for API Gateway REST proxy events from the shared route table:
 * match the route, resolve the session, validate body and query with the route's schemas, call the
 * route's implementation, and map typed errors to HTTP (middy error middleware).
 */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { matchRoute, ROUTES, type RouteDef, type RouteName } from '@cg/shared';
import type { z } from 'zod';
import type { IdentityPort } from '../auth/identity.js';
import { resolveSession } from '../auth/session.js';
import { cookieHeader, sessionCookies } from './cookies.js';
import { HttpError, NotFound, Unauthorized, UnsupportedMediaType } from './errors.js';
import { isJson, parseBody, parseQuery } from './validate.js';

type Def<N extends RouteName> = (typeof ROUTES)[N];
type BodyOut<N extends RouteName> = Def<N> extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
type QueryOut<N extends RouteName> = Def<N> extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;
type UserOf<N extends RouteName> = Def<N> extends { auth: 'user' } ? string : string | null;

export interface RouteContext<N extends RouteName> {
  name: N;
  body: BodyOut<N>;
  query: QueryOut<N>;
  params: Record<string, string>;
  userId: UserOf<N>;
  /** The session's current access token (for sign-out), when signed in. */
  accessToken: string | null;
  ip: string;
  event: APIGatewayProxyEvent;
  /** The raw request body as bytes (webhook signature checks). */
  rawBody: Buffer;
}

export interface RouteResult {
  status?: number;
  body?: unknown;
  /** Plain-text body (e.g. a webhook challenge). */
  text?: string;
  cookies?: string[];
  redirect?: string;
  headers?: Record<string, string>;
}

export type RouteImpl<N extends RouteName> = (ctx: RouteContext<N>) => Promise<RouteResult>;
export type RouteImpls = { [N in RouteName]?: RouteImpl<N> };

function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const h = event.headers ?? {};
  const found = Object.keys(h).find((k) => k.toLowerCase() === name);
  return found ? h[found] : undefined;
}

function rawBodyOf(event: APIGatewayProxyEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

function findRoute(event: APIGatewayProxyEvent): { name: RouteName; def: RouteDef; params: Record<string, string> } | null {
  const byTemplate = (Object.keys(ROUTES) as RouteName[]).find((n) => ROUTES[n].path === event.resource && ROUTES[n].method === event.httpMethod);
  if (byTemplate) return { name: byTemplate, def: ROUTES[byTemplate], params: (event.pathParameters ?? {}) as Record<string, string> };
  const m = matchRoute(event.httpMethod, event.path);
  return m ? { name: m.name, def: ROUTES[m.name], params: m.params } : null;
}

function respond(result: RouteResult, extraCookies: string[] = []): APIGatewayProxyResult {
  const cookies = [...extraCookies, ...(result.cookies ?? [])];
  const multiValueHeaders = cookies.length ? { 'Set-Cookie': cookies } : undefined;
  const base = { 'Cache-Control': 'no-store', ...result.headers };
  if (result.redirect) return { statusCode: result.status ?? 302, headers: { ...base, Location: result.redirect }, multiValueHeaders, body: '' };
  if (result.text !== undefined) return { statusCode: result.status ?? 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...base }, multiValueHeaders, body: result.text };
  const status = result.status ?? (result.body === undefined ? 204 : 200);
  return {
    statusCode: status,
    headers: { ...(result.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...base },
    multiValueHeaders,
    body: result.body === undefined ? '' : JSON.stringify(result.body),
  };
}

export function errorResponse(err: unknown): APIGatewayProxyResult {
  if (err instanceof HttpError) {
    return { statusCode: err.statusCode, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }, body: JSON.stringify({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) }) };
  }
  console.error('Unhandled error', err);
  return { statusCode: 500, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message: 'Internal server error' }) };
}

/** Maps thrown errors to responses: under 500 shown to the caller, anything else a plain 500 logged. */
const httpErrors = (): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  onError: async (request) => { request.response = errorResponse(request.error); },
});

export function createApiHandler(impls: RouteImpls, identity: IdentityPort) {
  const base = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const route = findRoute(event);
    const impl = route ? (impls as Record<string, RouteImpl<RouteName>>)[route.name] : undefined;
    if (!route || !impl) throw new NotFound(`No route for ${event.httpMethod} ${event.path}`);
    const { def } = route;

    let userId: string | null = null;
    let accessToken: string | null = null;
    const extraCookies: string[] = [];
    const authCtx = (event.requestContext?.authorizer ?? {}) as Record<string, string | undefined>;
    if (authCtx.userId) {
      userId = authCtx.userId;
      accessToken = authCtx.accessToken ?? null;
      if (authCtx.refreshedAccessToken) extraCookies.push(...sessionCookies({ accessToken: authCtx.refreshedAccessToken, expiresIn: Number(authCtx.expiresIn ?? 3600) }));
    } else {
      const session = await resolveSession(cookieHeader(event), identity);
      if (session) {
        userId = session.userId;
        accessToken = session.accessToken;
        if (session.refreshed) extraCookies.push(...sessionCookies(session.refreshed));
      }
    }
    if (def.auth === 'user' && !userId) throw new Unauthorized();

    const raw = rawBodyOf(event);
    // A body sent where none is expected must still be JSON (blocks cross-site form posts); webhooks read theirs raw.
    if (!def.body && !def.rawBody && raw.length && !isJson(header(event, 'content-type'))) throw new UnsupportedMediaType();
    const body = def.body ? parseBody(def.body, raw.toString('utf8'), header(event, 'content-type')) : undefined;
    const query = def.query ? parseQuery(def.query, event.queryStringParameters as Record<string, string | undefined> | null) : undefined;
    const ip = event.requestContext?.identity?.sourceIp ?? 'unknown';
    const result = await impl({ name: route.name, body, query, params: route.params, userId, accessToken, ip, event, rawBody: raw } as never);
    return respond(result, extraCookies);
  };
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>().use(httpErrors()).handler(base);
}
