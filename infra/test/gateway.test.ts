/**
 * The local gateway behaves as CloudFront + API Gateway do in front of the functions: the headers the
 * function sees, the request, response and time limits, authorizer context values as strings, and
 * the WebSocket message limit. The functions are stand-ins here, so each limit can be met exactly.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PATH } from '@cg/shared';
import { startGateway } from '../local/gateway.js';
import { EDGE_ADDRESS } from '../local/lambda-events.js';

type Event = { headers: Record<string, string>; requestContext: { identity: { sourceIp: string }; authorizer: Record<string, string> | null; connectionId?: string } };
let gateway: Awaited<ReturnType<typeof startGateway>>;
let seen: Event[] = [];
let api: (e: Event) => Promise<unknown> = async () => ({ statusCode: 200, body: '{}' });
let authorizer: () => Promise<unknown> = async () => allow({ userId: 'u1' });
const allow = (context: Record<string, unknown>) => ({ principalId: 'u1', policyDocument: { Statement: [{ Effect: 'Allow' }] }, context });
const LIMITS = { requestBytes: 2_000, responseBytes: 3_000, integrationTimeoutMs: 300, wsMessageBytes: 1_000, wsFrameBytes: 500, wsIdleMs: 400, wsMaxMs: 60_000 };

beforeAll(async () => {
  gateway = await startGateway({
    port: 0, webDist: '/nonexistent', limits: LIMITS,
    handlers: {
      api: (e) => { seen.push(e as Event); return api(e as Event); },
      webhooks: async () => ({ statusCode: 200, body: '' }),
      authorizer: () => authorizer(),
      ws: async (e) => { seen.push(e as Event); return { statusCode: 200 }; },
    },
  });
});
afterAll(() => gateway.close());
beforeEach(() => {
  seen = [];
  api = async () => ({ statusCode: 200, body: '{}' });
  authorizer = async () => allow({ userId: 'u1' });
});

const login = (body = '{}', headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('local gateway, as CloudFront and API Gateway', () => {
  it("gives the function the viewer's address and host as CloudFront adds them, the edge as sourceIp, and drops headers the policy does not name", async () => {
    await login('{}', { 'CloudFront-Viewer-Address': '203.0.113.9:4444', 'X-Forwarded-Host': 'evil.example', Authorization: 'Bearer x', 'X-Custom': '1', 'User-Agent': 'smoke' });
    const h = Object.fromEntries(Object.entries(seen[0]!.headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(h['cloudfront-viewer-address']).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(h['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(h['user-agent']).toBe('smoke');
    // Authorization goes on (the API cache policy names it: API keys); an unnamed header does not.
    expect(h['authorization']).toBe('Bearer x');
    expect(h).not.toHaveProperty('x-custom');
    expect(seen[0]!.requestContext.identity.sourceIp).toBe(EDGE_ADDRESS);
  });

  it('refuses a request body over the limit with 413 without calling the function', async () => {
    const res = await login(JSON.stringify({ x: 'a'.repeat(LIMITS.requestBytes) }));
    expect(res.status).toBe(413);
    expect(seen).toHaveLength(0);
  });

  it('answers 504 when the function is slower than the integration timeout', async () => {
    let release!: () => void;
    api = () => new Promise((resolve) => { release = () => resolve({ statusCode: 200, body: '{}' }); });
    const res = await login();
    release();
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ message: 'Endpoint request timed out' });
  });

  it("answers 502 for a response over Lambda's payload limit, and for a failed function", async () => {
    api = async () => ({ statusCode: 200, body: 'x'.repeat(LIMITS.responseBytes) });
    expect((await login()).status).toBe(502);
    api = async () => { throw new Error('boom'); };
    expect((await login()).status).toBe(502);
    api = async () => ({ statusCode: 200, body: 'x'.repeat(LIMITS.responseBytes - 200) });
    expect((await login()).status).toBe(200);
  });

  it('hands authorizer context values on as strings; an object in the context is a 500; a refusal a 401', async () => {
    authorizer = async () => allow({ userId: 'u1', expiresIn: 3600, refreshed: true });
    await fetch(`${gateway.url}/api/user`);
    expect(seen[0]!.requestContext.authorizer).toMatchObject({ userId: 'u1', expiresIn: '3600', refreshed: 'true' });
    authorizer = async () => allow({ userId: 'u1', nested: { a: 1 } });
    expect((await fetch(`${gateway.url}/api/user`)).status).toBe(500);
    authorizer = async () => { throw new Error('Unauthorized'); };
    expect((await fetch(`${gateway.url}/api/user`)).status).toBe(401);
  });

  it('closes a WebSocket that sends a frame over the limit (1009) and refuses an @connections post over the message limit (413)', async () => {
    const ws = new WebSocket(`${gateway.url.replace('http', 'ws')}${WS_PATH}`);
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    const id = seen.find((e) => e.requestContext.connectionId)!.requestContext.connectionId!;
    const post = (n: number) => fetch(`${gateway.url}/@connections/${id}`, { method: 'POST', body: 'x'.repeat(n) });
    expect((await post(LIMITS.wsMessageBytes + 1)).status).toBe(413);
    expect((await post(LIMITS.wsMessageBytes)).status).toBe(200);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(LIMITS.wsFrameBytes));
    ws.send('x'.repeat(LIMITS.wsFrameBytes + 1));
    expect(await closed).toBe(1009);
    expect(seen.filter((e) => (e as unknown as { body?: string }).body?.length === LIMITS.wsFrameBytes)).toHaveLength(1);
  });

  it('closes a WebSocket idle for longer than the idle timeout with 1001, and keeps one that talks', async () => {
    const open = async () => {
      const ws = new WebSocket(`${gateway.url.replace('http', 'ws')}${WS_PATH}`);
      await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
      return ws;
    };
    // The talking socket opens first: were its messages not to count, it would be closed before the quiet one.
    const talking = await open();
    const quiet = await open();
    const quietClosed = new Promise<number>((resolve) => quiet.once('close', (code) => resolve(code)));
    let talkingClosed = false;
    talking.once('close', () => { talkingClosed = true; });
    // The talking socket sends a message every 100 ms (a quarter of the idle timeout) until the quiet one is closed.
    const timer = setInterval(() => talking.send('ping'), 100);
    expect(await quietClosed).toBe(1001);
    clearInterval(timer);
    expect(talkingClosed).toBe(false);
    talking.close();
  });
});
