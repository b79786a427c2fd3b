/**
 * Seeded fuzzing over the whole route table (issue 9): wrong and missing content types, malformed
 * JSON, oversized and odd ids, bad percent-encoding, wrong types, huge numbers, unknown fields,
 * with and without a session. No answer may be a 5xx; every 4xx JSON answer carries a message.
 */
import { ROUTES, type RouteDef, type RouteName } from '@cg/shared';
import { describe, expect, it } from 'vitest';
import { Client, signedIn } from '../support/client.js';

const SEED = 0x9e3779b9;
const REQUESTS = 1200;

/** mulberry32: a tiny deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = prng(SEED);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const IDS = [
  'x', 'facebook_123', '0', '-1', 'a'.repeat(1025), 'é'.repeat(600), '%E0%A4%A', '%', '%zz', '%00', '..%2F..%2Fetc', '%F0%9F%98%80',
  'null', 'undefined', '__proto__', 'constructor', "'; DROP TABLE--", '<script>', '9'.repeat(400), encodeURIComponent('x'.repeat(2000)),
];
const ODD_VALUES: unknown[] = [
  null, true, false, 0, -1, 1e308, -1e308, 1e20, 2 ** 53 + 1, 1.5, '', ' ', 'a'.repeat(10_000), '%E0%A4%A', [], [1, 2], {}, { nested: { deep: [] } },
  'not-an-email', 'a@b', 'starter', 'ultimate', 'reply', 'delete', 'owner', 'viewer',
];
const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/json; charset=utf-8', 'application/vnd.api+json', 'APPLICATION/JSON'];
const RAW_BODIES = ['', '{bad', '{', '[]', 'null', '"string"', '1e999', '{"__proto__":{"admin":true}}', 'a=1&b=2', '\u0000', '{"a":'.repeat(50)];
const QUERY_KEYS = ['limit', 'offset', 'status', 'platform', 'sentiment', 'search', 'pendingOnly', 'cursor', 'hub.mode', 'hub.challenge', 'code', 'state', 'unknown'];
const QUERY_VALUES = ['1', '0', '-5', '1e309', '999999999999999999999', 'NaN', 'true', 'yes', '', '%E0%A4%A', 'a'.repeat(600), 'pending', 'facebook'];

/** Routes that end the session's user or workspace run with a throwaway user, so the main session survives. */
const DESTRUCTIVE = new Set<RouteName>(['deleteUser', 'deleteWorkspace', 'logout', 'logoutRedirect']);

function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, () => (rand() < 0.7 ? pick(IDS) : encodeURIComponent(pick(IDS))));
}

function query(def: RouteDef): string {
  if (rand() < 0.4 && !def.query) return '';
  const parts: string[] = [];
  const n = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) parts.push(`${encodeURIComponent(pick(QUERY_KEYS))}=${rand() < 0.85 ? encodeURIComponent(pick(QUERY_VALUES)) : pick(QUERY_VALUES)}`);
  return `?${parts.join('&')}`;
}

/** A body shaped like the route's (its own field names) with wrong, odd or missing values, or raw junk. */
function body(def: RouteDef): string | undefined {
  const r = rand();
  if (r < 0.25) return pick(RAW_BODIES);
  if (r < 0.35) return undefined;
  const shape = def.body && 'shape' in def.body ? Object.keys((def.body as unknown as { shape: Record<string, unknown> }).shape) : [];
  const fields = [...shape, ...(rand() < 0.3 ? ['unknownField', 'isAdmin'] : [])];
  const obj: Record<string, unknown> = {};
  for (const f of fields) if (rand() < 0.8) obj[f] = pick(ODD_VALUES);
  return JSON.stringify(obj);
}

interface Shot { route: RouteName; method: string; path: string; headers: Record<string, string>; body: string | undefined; session: 'main' | 'throwaway' | 'none' }

function generate(): Shot[] {
  const names = Object.keys(ROUTES) as RouteName[];
  const shots: Shot[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const route = names[i % names.length]!; // every route, round-robin
    const def: RouteDef = ROUTES[route];
    const headers: Record<string, string> = {};
    if (rand() < 0.85) headers['Content-Type'] = pick(CONTENT_TYPES);
    if (rand() < 0.15) headers.Origin = pick(['https://evil.example', 'null', 'not a url']);
    const session = rand() < 0.25 ? 'none' : DESTRUCTIVE.has(route) ? 'throwaway' : 'main';
    const b = def.method === 'GET' ? undefined : body(def); // fetch sends no body with a GET
    shots.push({ route, method: def.method, path: fillPath(def.path) + query(def), headers, body: b, session });
  }
  return shots;
}

describe('fuzzing the route table', () => {
  it(`${REQUESTS} seeded requests: no 5xx, a message on every 4xx`, async () => {
    const shots = generate();
    expect(new Set(shots.map((s) => s.route)).size).toBe(Object.keys(ROUTES).length);
    const main = await signedIn('fuzz');
    const counts = new Map<number, number>();
    const failures: string[] = [];
    for (const shot of shots) {
      const client = shot.session === 'main' ? main.client : shot.session === 'throwaway' ? (await signedIn('fuzz-throwaway')).client : new Client();
      const res = await client.request(shot.method, shot.path, shot.method === 'GET' ? undefined : shot.body ?? '', shot.headers);
      counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
      const label = `${shot.method} ${shot.path.slice(0, 80)} [${shot.headers['Content-Type'] ?? '-'}] ${String(shot.body).slice(0, 40)}`;
      if (res.status >= 500) failures.push(`${res.status} ${label}: ${res.text.slice(0, 200)}`);
      const isJson = /json/.test(res.headers.get('content-type') ?? '');
      if (res.status >= 400 && res.status < 500 && isJson && !(typeof res.json?.message === 'string' && res.json.message.length)) {
        failures.push(`${res.status} without a message ${label}: ${res.text.slice(0, 200)}`);
      }
    }
    console.log(`fuzz (seed ${SEED}): ${shots.length} requests; by status ${JSON.stringify(Object.fromEntries([...counts].sort(([a], [b]) => a - b)))}`);
    expect(failures).toEqual([]);
    // The main session lived through it all.
    expect((await main.client.get('/api/user')).status).toBe(200);
  }, 300_000);
});
