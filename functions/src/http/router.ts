/**
 * Builds a Lambda handler for API Gateway REST proxy events from the shared route table:
 * match the route, resolve the session, validate body and query with the route's schemas, call the
 * route's implementation, and map typed errors to HTTP (middy error middleware).
 */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiKeyScope, canAccess, matchRoute, Role, roleRefusal, ROUTES, scopeNeeded, scopesAllow, type RouteDef, type RouteName } from '@cg/shared';
import type { z } from 'zod';
import { bearerToken, resolveApiKey } from '../auth/api-key.js';
import type { IdentityPort } from '../auth/identity.js';
import { resolveSession, type Session } from '../auth/session.js';
import { admitApiKeyRequest } from '../domain/api-keys.js';
import { withRequestScope } from '../domain/store-port.js';
import { cookieHeader, sessionCookies } from './cookies.js';
import { BadRequest, Forbidden, HttpError, NotFound, toHttpError, Unauthorized } from './errors.js';
import { checkOrigin, checkPathParams, checkRequestShape, parseBody, parseQuery } from './validate.js';
import { addLogKeys, correlationIdFrom, log } from '../observability/index.js';
import { observed, requestIdOf } from '../observability/middleware.js';

type Def<N extends RouteName> = (typeof ROUTES)[N];
type BodyOut<N extends RouteName> = Def<N> extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
type QueryOut<N extends RouteName> = Def<N> extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;
type UserOf<N extends RouteName> = Def<N> extends { auth: 'user' } ? string : string | null;
/** Routes with a workspace access level always run inside the session's active workspace. */
type WorkspaceOf<N extends RouteName> = Def<N> extends { access: 'read' | 'moderate' | 'manage' | 'owner' } ? string : string | null;
type RoleOf<N extends RouteName> = Def<N> extends { access: 'read' | 'moderate' | 'manage' | 'owner' } ? Role : Role | null;

export interface RouteContext<N extends RouteName> {
  name: N;
  body: BodyOut<N>;
  query: QueryOut<N>;
  params: Record<string, string>;
  userId: UserOf<N>;
  /** The session's active workspace (the tenant) and the user's role in it. */
  workspaceId: WorkspaceOf<N>;
  role: RoleOf<N>;
  /** The server-side session (sign-out ends it). */
  sessionId: string | null;
  /** The session's current access token (for sign-out), when signed in. */
  accessToken: string | null;
  ip: string;
  event: APIGatewayProxyEvent;
  /** The raw request body as bytes (webhook signature checks). */
  rawBody: Buffer;
  /** Set when the caller authenticated with an API key (Authorization: Bearer) instead of a session. */
  apiKeyId: string | null;
}

export interface RouteResult {
  /** The domain already wrote a detailed audit entry for this change (the generic one is skipped). */
  audited?: boolean;
  status?: number;
  body?: unknown;
  /** Plain-text body (e.g. a webhook challenge). */
  text?: string;
  cookies?: string[];
  redirect?: string;
  headers?: Record<string, string>;
  /** A file to download (a report): sent base64-encoded, as API Gateway passes binary bodies. */
  file?: { body: Buffer; contentType: string; fileName: string };
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
  if (m?.invalid) throw new BadRequest(`Path parameter ${m.invalid.join(', ')} is not valid percent-encoding`, m.invalid.map((field) => ({ field, message: 'is not valid percent-encoding' })));
  return m ? { name: m.name, def: ROUTES[m.name], params: m.params } : null;
}

function respond(result: RouteResult, extraCookies: string[] = []): APIGatewayProxyResult {
  const cookies = [...extraCookies, ...(result.cookies ?? [])];
  const multiValueHeaders = cookies.length ? { 'Set-Cookie': cookies } : undefined;
  const base = { 'Cache-Control': 'no-store', ...result.headers };
  if (result.redirect) return { statusCode: result.status ?? 302, headers: { ...base, Location: result.redirect }, multiValueHeaders, body: '' };
  if (result.file) {
    const headers = { ...base, 'Content-Type': result.file.contentType, 'Content-Disposition': `attachment; filename="${result.file.fileName}"` };
    return { statusCode: result.status ?? 200, headers, multiValueHeaders, body: result.file.body.toString('base64'), isBase64Encoded: true };
  }
  if (result.text !== undefined) return { statusCode: result.status ?? 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...base }, multiValueHeaders, body: result.text };
  const status = result.status ?? (result.body === undefined ? 204 : 200);
  return {
    statusCode: status,
    headers: { ...(result.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...base },
    multiValueHeaders,
    body: result.body === undefined ? '' : JSON.stringify(result.body),
  };
}

/** Forged and malformed requests stop here, before any session or data is touched (issue 9, items 6 and 9). */
function guardRequest(event: APIGatewayProxyEvent, def: RouteDef, params: Record<string, string>): void {
  checkPathParams(params);
  if (def.rawBody || def.method === 'GET') return; // webhooks are server-to-server and signature-checked
  checkOrigin(event.headers);
  checkRequestShape(def.method, def, rawBodyOf(event), header(event, 'content-type'));
}

/** The viewer's address: CloudFront's CloudFront-Viewer-Address ("ip:port") in AWS, else the caller's socket address. */
export function clientIp(event: APIGatewayProxyEvent): string {
  const viewer = header(event, 'cloudfront-viewer-address')?.trim();
  if (viewer) return viewer.replace(/^\[(.*)\]:\d+$/, '$1').replace(/:\d+$/, '');
  return event.requestContext?.identity?.sourceIp ?? 'unknown';
}

/** A 429 that knows when to try again says so in Retry-After. */
function retryAfter(err: HttpError): Record<string, string> {
  const s = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof s === 'number' && s > 0 ? { 'Retry-After': String(Math.ceil(s)) } : {};
}

export function errorResponse(err: unknown): APIGatewayProxyResult {
  err = toHttpError(err);
  if (err instanceof HttpError) {
    return { statusCode: err.statusCode, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...retryAfter(err) }, body: JSON.stringify({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) }) };
  }
  log.error('unhandled error', err);
  return { statusCode: 500, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message: 'Internal server error' }) };
}

/** Maps thrown errors to responses: under 500 shown to the caller, anything else a plain 500 logged. */
const httpErrors = (): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  onError: async (request) => { request.response = errorResponse(request.error); },
});

type ResolvedSession = Pick<Session, 'userId' | 'accessToken' | 'refreshed' | 'sessionId' | 'workspaceId' | 'role'> & {
  /** An API key instead of a session (issue 11, item 9): its id and scopes. */
  apiKey?: { id: string; scopes: ApiKeyScope[] };
};

/** The session: from the authorizer's context in API Gateway (values arrive as strings), else resolved here (public routes). */
async function sessionOf(event: APIGatewayProxyEvent, identity: IdentityPort): Promise<ResolvedSession | null> {
  const ctx = (event.requestContext?.authorizer ?? {}) as Record<string, string | undefined>;
  if (ctx.apiKeyId && ctx.userId && ctx.workspaceId) {
    const scopes = (ctx.apiKeyScopes ?? '').split(',').flatMap((s) => { const p = ApiKeyScope.safeParse(s); return p.success ? [p.data] : []; });
    const role = Role.safeParse(ctx.role);
    return { userId: ctx.userId, accessToken: '', sessionId: '', workspaceId: ctx.workspaceId, role: role.success ? role.data : null, apiKey: { id: ctx.apiKeyId, scopes } };
  }
  if (ctx.userId) {
    const role = Role.safeParse(ctx.role);
    return {
      userId: ctx.userId, accessToken: ctx.accessToken ?? '', sessionId: ctx.sessionId ?? '',
      workspaceId: ctx.workspaceId || null, role: role.success ? role.data : null,
      ...(ctx.refreshedAccessToken ? { refreshed: { accessToken: ctx.refreshedAccessToken, expiresIn: Number(ctx.expiresIn ?? 3600) } } : {}),
    };
  }
  const bearer = bearerToken(header(event, 'authorization'));
  if (bearer) return resolveApiKey(bearer);
  return resolveSession(cookieHeader(event), identity);
}

/** The route's declared access (shared route table) against the session's role: a 403 naming the role. */
function assertAccess(def: RouteDef, session: ResolvedSession | null): void {
  if (session?.apiKey && def.access) {
    const needed = scopeNeeded(def.access);
    if (!needed) throw new Forbidden('API keys cannot call this route: it needs a signed-in member with the right role (managing the workspace, billing and your own account are not open to keys).');
    if (!scopesAllow(session.apiKey.scopes, def.access)) throw new Forbidden(`This API key's scopes (${session.apiKey.scopes.join(', ')}) do not allow this: it needs the ${needed} scope.`);
    return;
  }
  if (!def.access || def.access === 'self' || !session) return;
  if (!session.workspaceId || !session.role) throw new Forbidden('You are not a member of any workspace. Accept an invitation or create a workspace.');
  if (!canAccess(session.role, def.access)) throw new Forbidden(roleRefusal(session.role, def.access));
}

/** A successful change inside a workspace, for the audit log (issue #9): who, which route, on what, with what. */
export interface ChangeRecord { workspaceId: string; userId: string; route: RouteName; target: string; body: unknown; result: unknown }
export interface ApiHooks { onChange?: (change: ChangeRecord) => Promise<void> }

/** The request's correlation id: the caller's X-Correlation-Id, else API Gateway's request id. */
export function httpCorrelationId(event: APIGatewayProxyEvent, context?: { awsRequestId?: string }): string {
  return correlationIdFrom(header(event, 'x-correlation-id'), event.requestContext?.requestId || requestIdOf(context as never));
}

/** What the HTTP middlewares establish for the route's handler, kept beside the request's event. */
interface RouteState {
  route: { name: RouteName; def: RouteDef; params: Record<string, string> };
  impl: RouteImpl<RouteName>;
  session: ResolvedSession | null;
  /** Session cookies to set (a refreshed access token). */
  cookies: string[];
  body: unknown;
  query: unknown;
}
type HttpMiddleware = middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult>;
type HttpRequest = middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult>;
const states = new WeakMap<APIGatewayProxyEvent, RouteState>();
const state = (request: HttpRequest) => states.get(request.event)!;

/** HTTP parsing: the route of the request (404 without one), then the guards against forged and malformed requests. */
const routing = (impls: RouteImpls): HttpMiddleware => ({
  before: async (request) => {
    // This invocation's own event object: the state below is kept beside it (a caller may send one event twice at once).
    const event = (request.event = { ...request.event });
    const route = findRoute(event);
    const impl = route ? (impls as Record<string, RouteImpl<RouteName>>)[route.name] : undefined;
    if (!route || !impl) throw new NotFound(`No route for ${event.httpMethod} ${event.path}`);
    guardRequest(event, route.def, route.params);
    states.set(event, { route, impl, cookies: [], session: null, body: undefined, query: undefined });
  },
});

/** The caller: session or API key, 401 when the route needs a user, 403 for the role or the key's scopes, the key's plan and rate limit. */
const authentication = (identity: IdentityPort): HttpMiddleware => ({
  before: async (request) => {
    const s = state(request);
    const session = await sessionOf(request.event, identity);
    if (session?.refreshed) s.cookies.push(...sessionCookies(session.refreshed));
    s.session = session;
    addLogKeys({ workspace: session?.workspaceId ?? undefined });
    if (s.route.def.auth === 'user' && !session?.userId) throw new Unauthorized();
    assertAccess(s.route.def, session);
    // A key's request also needs the plan with API access and room under the key's rate limit.
    if (session?.apiKey && session.workspaceId) await admitApiKeyRequest({ id: session.apiKey.id, workspaceId: session.workspaceId });
  },
});

/** Validation with the route's zod schemas: the JSON body (415 without a JSON content type) and the query; a 400 names each field. */
const validation = (): HttpMiddleware => ({
  before: async (request) => {
    const s = state(request);
    const { def } = s.route;
    const event = request.event;
    s.body = def.body ? parseBody(def.body, rawBodyOf(event).toString('utf8'), header(event, 'content-type')) : undefined;
    s.query = def.query ? parseQuery(def.query, event.queryStringParameters as Record<string, string | undefined> | null) : undefined;
  },
});

/**
 * The API handler of a route table: middy with the HTTP middlewares (routing and request guards,
 * authentication and access, validation with the route's zod schemas, typed errors mapped to HTTP)
 * around the route's implementation; one request, one store scope.
 */
export function createApiHandler(impls: RouteImpls, identity: IdentityPort, hooks: ApiHooks = {}) {
  const handle = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const { route, impl, session, cookies, body, query } = states.get(event)!;
    const { def } = route;
    const userId = session?.userId ?? null;
    const result = await impl({
      name: route.name, body, query, params: route.params, userId, workspaceId: session?.workspaceId ?? null, role: session?.role ?? null,
      sessionId: session?.sessionId ?? null, accessToken: session?.accessToken ?? null, ip: clientIp(event), event, rawBody: rawBodyOf(event), apiKeyId: session?.apiKey?.id ?? null,
    } as never);
    if (hooks.onChange && def.method !== 'GET' && def.access && def.access !== 'self' && session?.workspaceId && !result.audited) {
      await hooks.onChange({ workspaceId: session.workspaceId, userId: session.userId, route: route.name, target: event.path, body, result: result.body });
    }
    return respond(result, cookies);
  };
  // One request, one scope: the workspace's record is read once however many steps need it.
  return observed<APIGatewayProxyEvent, APIGatewayProxyResult>(handle, httpCorrelationId, [httpErrors(), routing(impls), authentication(identity), validation()], withRequestScope);
}
