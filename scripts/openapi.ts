/** `npm run openapi`: writes docs/openapi.json from the shared route table (design D3: no route declared twice). */
import { writeFileSync } from 'node:fs';
import * as z from 'zod';
import { ROUTES, type RouteDef } from '../shared/src/routes.js';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

export function openApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, d] of Object.entries(ROUTES) as [string, RouteDef][]) {
    const params = [...d.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const query = d.query ? Object.entries((schema(d.query, 'input') as { properties?: Record<string, unknown> }).properties ?? {}).map(([n, s]) => ({ name: n, in: 'query', required: false, schema: s })) : [];
    (paths[d.path] ??= {})[d.method.toLowerCase()] = {
      operationId: name,
      tags: [d.group],
      security: d.auth === 'user' ? [{ session: [] }] : [],
      parameters: [...params, ...query],
      ...(d.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(d.body, 'input') } } } } : {}),
      responses: d.redirect
        ? { 302: { description: 'Redirect' } }
        : { 200: { description: 'OK', ...(d.response ? { content: { 'application/json': { schema: schema(d.response, 'output') } } } : {}) }, '4XX': { description: 'Error: { message, errors? }' } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Pagewarden API', version: '1.0.0', description: 'Generated from shared/src/routes.ts. Sessions are HttpOnly cookies set by /api/login and /api/register.' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'cg_at' } } },
    paths,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(openApi(), null, 2)}\n`);
  console.log('wrote docs/openapi.json');
}
