/**
 * The OpenAPI document, generated from the shared route table (design D3: no route declared twice).
 * Written to docs/openapi.json by `npm run openapi` and rendered by the app's API reference page.
 * Each signed-in route says who may call it: the workspace roles (x-access) and, where an API key
 * may, the scope it needs (the apiKey security requirement).
 */
import * as z from 'zod';
import { ACCESS } from './roles.js';
import { scopeNeeded } from './public-api.js';
import { ROUTES, type RouteDef } from './routes.js';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: unknown }[];
  requestBody?: { required: true; content: { 'application/json': { schema: unknown } } };
  responses: Record<string, unknown>;
  'x-access'?: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** "listComments" → "List comments". */
const summaryOf = (name: string) => name.replace(/([A-Z])/g, ' $1').toLowerCase().replace(/^./, (c) => c.toUpperCase());

function securityOf(d: RouteDef): Record<string, string[]>[] {
  if (d.auth !== 'user') return [];
  const scope = d.access ? scopeNeeded(d.access) : null;
  return scope ? [{ session: [] }, { apiKey: [scope] }] : [{ session: [] }];
}

export function openApi(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, d] of Object.entries(ROUTES) as [string, RouteDef][]) {
    const params = [...d.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: 'path' as const, required: true, schema: { type: 'string' } }));
    const query = d.query ? Object.entries((schema(d.query, 'input') as { properties?: Record<string, unknown> }).properties ?? {}).map(([n, s]) => ({ name: n, in: 'query' as const, required: false, schema: s })) : [];
    (paths[d.path] ??= {})[d.method.toLowerCase()] = {
      operationId: name,
      tags: [d.group],
      summary: summaryOf(name),
      security: securityOf(d),
      parameters: [...params, ...query],
      ...(d.body ? { requestBody: { required: true as const, content: { 'application/json': { schema: schema(d.body, 'input') } } } } : {}),
      responses: d.redirect
        ? { 302: { description: 'Redirect' } }
        : { 200: { description: 'OK', ...(d.response ? { content: { 'application/json': { schema: schema(d.response, 'output') } } } : {}) }, '4XX': { description: 'Error: { message, errors? }' } },
      ...(d.access && d.access !== 'self' ? { 'x-access': [...ACCESS[d.access]].join(', ') } : d.access === 'self' ? { 'x-access': 'any signed-in user, for their own account' } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pagewarden API', version: '1.0.0',
      description: 'Generated from shared/src/routes.ts. In the app, sessions are HttpOnly cookies set by /api/login and /api/register. '
        + 'Integrations send a workspace API key (Ultimate plan) as Authorization: Bearer pw_live_…: a read key calls the routes marked apiKey [read], a moderate key also those marked [moderate]; '
        + 'managing the workspace, billing and accounts needs a signed-in member. Each key is rate-limited per minute (429 with Retry-After).',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'cg_at' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'A workspace API key (pw_live_…), created in the app under API; scopes read and moderate.' },
      },
    },
    paths,
  };
}
