/** The API reference, rendered from the OpenAPI document the route table generates (shared/src/openapi.ts, also docs/openapi.json). */
import { useMemo, useState } from 'react';
import { Badge, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { openApi, type OpenApiOperation } from '@cg/shared/openapi';

interface Entry { method: string; path: string; op: OpenApiOperation }

/** The API's own routes (not the Meta and Stripe callbacks), grouped by their first path segment after /api. */
function groups(): [string, Entry[]][] {
  const doc = openApi();
  const out = new Map<string, Entry[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!op.tags.includes('api')) continue;
      const group = path.split('/')[2] ?? 'api';
      out.set(group, [...(out.get(group) ?? []), { method: method.toUpperCase(), path, op }]);
    }
  }
  return [...out.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function who(op: OpenApiOperation): string {
  if (!op.security.length) return 'Public';
  const key = op.security.find((s) => 'apiKey' in s)?.apiKey?.[0];
  return `${op['x-access'] ?? 'signed in'}${key ? ` · API key scope: ${key}` : ' · no API key'}`;
}

function Operation({ e }: { e: Entry }) {
  const body = e.op.requestBody?.content['application/json'].schema;
  const ok = (e.op.responses['200'] as { content?: { 'application/json': { schema: unknown } } } | undefined)?.content?.['application/json'].schema;
  return (
    <li className="cg-api-op" data-testid="api-operation">
      <Flex alignItems="center" gap="0.5rem" wrap="wrap">
        <Badge size="small" variation={e.method === 'GET' ? 'info' : e.method === 'DELETE' ? 'error' : 'warning'}>{e.method}</Badge>
        <code>{e.path}</code>
        <Text as="span" fontWeight="600">{e.op.summary}</Text>
      </Flex>
      <Text className="cg-muted cg-small">{who(e.op)}</Text>
      {e.op.parameters.length > 0 && (
        <Text className="cg-small">Parameters: {e.op.parameters.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ')}</Text>
      )}
      {body !== undefined && <details><summary className="cg-small">Request body</summary><pre className="cg-pre">{JSON.stringify(body, null, 2)}</pre></details>}
      {ok !== undefined && <details><summary className="cg-small">Response</summary><pre className="cg-pre">{JSON.stringify(ok, null, 2)}</pre></details>}
    </li>
  );
}

export function ApiReference() {
  const all = useMemo(groups, []);
  const [filter, setFilter] = useState('');
  const f = filter.trim().toLowerCase();
  const shown = all
    .map(([g, entries]) => [g, entries.filter((e) => !f || e.path.toLowerCase().includes(f) || e.op.summary.toLowerCase().includes(f) || e.method.toLowerCase() === f)] as const)
    .filter(([, entries]) => entries.length);
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="api-ref-title">
      <Heading level={2} id="api-ref-title" className="cg-section-title">API reference</Heading>
      <Text className="cg-muted cg-small">
        Generated from the OpenAPI document (<code>npm run openapi</code> writes it to docs/openapi.json). Errors answer <code>{'{ message, errors? }'}</code>; 401 without a valid session or key, 403 naming the role, scope or plan needed, 429 with Retry-After.
      </Text>
      <TextField label="Filter" labelHidden placeholder="Filter by path, name or method" value={filter} onChange={(e) => setFilter(e.target.value)} marginTop="0.75rem" />
      {shown.map(([g, entries]) => (
        <section key={g} aria-label={`${g} routes`}>
          <Heading level={3} className="cg-subtitle" marginTop="1rem">{g}</Heading>
          <ul className="cg-list">{entries.map((e) => <Operation key={`${e.method} ${e.path}`} e={e} />)}</ul>
        </section>
      ))}
    </Card>
  );
}
