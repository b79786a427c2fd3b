/**
 * The local gateway: one HTTP origin that serves the SPA, turns /api/* and /webhooks/* requests into
 * API Gateway REST events (running the same authorizer and handlers as AWS), turns /ws WebSocket
 * traffic into $connect/$default/$disconnect events, and serves the management API (@connections).
 * It applies what CloudFront and API Gateway apply in AWS: the forwarded headers (lambda-events.ts),
 * 10 MB requests (413), the 29 s integration timeout (504), Lambda's 6 MB response limit (502),
 * authorizer context values as strings, and WebSocket limits (a frame over 32 KB closes the
 * connection with 1009; an @connections post over 128 KB is a 413; 10 minutes idle or 2 hours in
 * all close it with 1001).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { matchRoute, ROUTES, WS_PATH } from '@cg/shared';
import { API_FORWARDED_HEADERS } from '../lib/edge.js';
import { authorizerEvent, headersOf, lambdaContext, restEvent, wsEvent } from './lambda-events.js';

type Fn = (event: unknown, context: unknown) => Promise<unknown>;

/**
 * API Gateway's and Lambda's limits (REST: 10 MB payload, 29 s integration timeout; Lambda: 6 MB
 * response; WebSocket: 32 KB frames, 128 KB messages). A browser sends each message as one frame,
 * so what a client sends is capped at the frame size; what @connections posts, at the message size.
 */
export const LIMITS: Readonly<Record<'requestBytes' | 'responseBytes' | 'integrationTimeoutMs' | 'wsMessageBytes' | 'wsFrameBytes' | 'wsIdleMs' | 'wsMaxMs', number>> = {
  requestBytes: 10 * 1024 * 1024, responseBytes: 6 * 1024 * 1024, integrationTimeoutMs: 29_000, wsMessageBytes: 128 * 1024, wsFrameBytes: 32 * 1024,
  // API Gateway closes a WebSocket idle for 10 minutes, and any after 2 hours.
  wsIdleMs: 10 * 60_000, wsMaxMs: 2 * 3_600_000,
};

class IntegrationTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([work, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new IntegrationTimeout()), ms); })]).finally(() => clearTimeout(timer));
}

/** API Gateway hands authorizer context values on as strings, and refuses objects or arrays (500). */
function contextAsStrings(context: Record<string, unknown> | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(context ?? {})) {
    if (v !== null && typeof v === 'object') return null;
    out[k] = String(v);
  }
  return out;
}
export interface GatewayHandlers { api: Fn; webhooks: Fn; ws: Fn; authorizer: Fn }

const STAGE = 'local';
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.json': 'application/json', '.woff2': 'font/woff2', '.txt': 'text/plain', '.webmanifest': 'application/manifest+json',
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, result: APIGatewayProxyResult): void {
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  for (const [k, v] of Object.entries(result.multiValueHeaders ?? {})) headers[k] = v.map(String);
  res.writeHead(result.statusCode, headers);
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

/** A path with broken percent-encoding is taken as written (it then matches no file: the SPA answers). */
function safeDecode(path: string): string {
  try { return decodeURIComponent(path); } catch { return path; }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startGateway(opts: { port: number; host?: string; handlers: GatewayHandlers; webDist: string; limits?: Partial<typeof LIMITS> }) {
  const limits = { ...LIMITS, ...opts.limits };
  const sockets = new Map<string, WebSocket>();
  /** Per connection: restarts its idle timer (a message either way). */
  const touched = new Map<string, () => void>();
  const gzipped = new Map<string, Buffer>();
  const { handlers } = opts;

  /** The authorizer's context (as strings), 401 when it refuses, 500 when it fails otherwise, as API Gateway answers. */
  async function authorize(req: IncomingMessage, methodArn: string, resource: string, allow: readonly string[] | null): Promise<Record<string, string> | 401 | 500> {
    let result: { principalId?: string; context?: Record<string, unknown>; policyDocument?: { Statement?: { Effect?: string }[] } };
    try {
      result = (await handlers.authorizer(authorizerEvent(req, methodArn, resource, allow), lambdaContext('authorizer'))) as typeof result;
    } catch (err) {
      if ((err as Error).message === 'Unauthorized') return 401;
      console.error('[gateway] authorizer failed:', (err as Error).message);
      return 500;
    }
    if (result?.policyDocument?.Statement?.[0]?.Effect !== 'Allow') return 401;
    const context = contextAsStrings(result.context);
    if (!context) { console.error('[gateway] authorizer context holds an object or array: API Gateway answers 500'); return 500; }
    return { ...context, principalId: String(result.principalId ?? '') };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const match = matchRoute(req.method ?? 'GET', url.pathname);
    const body = await readBody(req);
    if (body.length > limits.requestBytes) return json(res, 413, { message: 'Request Too Long' });
    if (!match) return json(res, 404, { message: `No route for ${req.method} ${url.pathname}` });
    if (match.invalid) return json(res, 400, { message: `Path parameter ${match.invalid.join(', ')} is not valid percent-encoding` });
    const def = ROUTES[match.name];
    const event = restEvent(req, url, body, def.path, match.params, STAGE, API_FORWARDED_HEADERS);
    if (def.auth === 'user') {
      const ctx = await authorize(req, `arn:aws:execute-api:local:0:local/${STAGE}/${def.method}${def.path}`, def.path, API_FORWARDED_HEADERS);
      if (ctx === 401) return json(res, 401, { message: 'Unauthorized' });
      if (ctx === 500) return json(res, 500, { message: null });
      event.requestContext.authorizer = ctx;
    }
    const fn = def.group === 'webhooks' ? handlers.webhooks : handlers.api;
    let result: APIGatewayProxyResult;
    try {
      result = (await withTimeout(fn(event, lambdaContext(def.group)), limits.integrationTimeoutMs)) as APIGatewayProxyResult;
    } catch (err) {
      if (err instanceof IntegrationTimeout) return json(res, 504, { message: 'Endpoint request timed out' });
      console.error(`[gateway] ${def.group} failed:`, (err as Error).message);
      return json(res, 502, { message: 'Internal server error' });
    }
    if (Buffer.byteLength(JSON.stringify(result ?? null)) > limits.responseBytes) {
      console.error(`[gateway] ${req.method} ${url.pathname}: the response is over Lambda's 6 MB limit`);
      return json(res, 502, { message: 'Internal server error' });
    }
    if (!result || typeof result.statusCode !== 'number') return json(res, 502, { message: 'Internal server error' });
    send(res, result);
  }

  async function management(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const id = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    const socket = sockets.get(id);
    const body = await readBody(req);
    if (!socket) return json(res, 410, { message: 'GoneException' });
    if (req.method === 'POST' && body.length > limits.wsMessageBytes) return json(res, 413, { message: 'PayloadTooLargeException' });
    if (req.method === 'POST') { socket.send(body.toString('utf8')); touched.get(id)?.(); res.writeHead(200).end(); return; }
    if (req.method === 'DELETE') { socket.close(); res.writeHead(204).end(); return; }
    return json(res, 200, { connectedAt: new Date().toISOString() });
  }

  function staticFile(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const safe = normalize(safeDecode(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(opts.webDist, safe);
    if (!file.startsWith(opts.webDist) || !existsSync(file) || statSync(file).isDirectory()) file = join(opts.webDist, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('The web app is not built yet: run `npm run build -w web`.');
      return;
    }
    const immutable = url.pathname.startsWith('/assets/');
    const headers: Record<string, string> = { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache', Vary: 'Accept-Encoding' };
    // Compress text assets as CloudFront does, so local pages load like deployed ones.
    if (COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const key = `${file}:${statSync(file).mtimeMs}`;
      let body = gzipped.get(key);
      if (!body) { body = gzipSync(readFileSync(file)); gzipped.set(key, body); }
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') { res.end(); return; }
    createReadStream(file).pipe(res);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = url.pathname.startsWith('/api/') || url.pathname.startsWith('/webhooks/') ? api
      : url.pathname.startsWith('/@connections/') ? management : null;
    const work = route ? route(req, res, url) : Promise.resolve().then(() => staticFile(req, res, url));
    work.catch((err: unknown) => {
      console.error('[gateway]', err);
      if (!res.headersSent) json(res, 502, { message: 'Internal server error' });
      else res.end();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.wsFrameBytes });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== WS_PATH) { socket.destroy(); return; }
    const connectionId = randomBytes(9).toString('base64url');
    const domainName = String(req.headers.host ?? 'localhost');
    void (async () => {
      const ctx = await authorize(req, `arn:aws:execute-api:local:0:local/${STAGE}/$connect`, '$connect', null);
      if (ctx === 401) { socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n'); return; }
      if (ctx === 500) { socket.end('HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n'); return; }
      const { headers } = headersOf(req, null);
      const result = (await handlers.ws(wsEvent('$connect', connectionId, STAGE, domainName, { headers, authorizer: ctx }), lambdaContext('ws'))) as { statusCode?: number };
      if ((result?.statusCode ?? 200) >= 300) { socket.end(`HTTP/1.1 ${result.statusCode} Refused\r\nContent-Length: 0\r\n\r\n`); return; }
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.set(connectionId, ws);
        // A message over the limit closes the connection (1009), as API Gateway does; nothing to report.
        ws.on('error', () => undefined);
        let idle: NodeJS.Timeout | undefined;
        const touch = () => { clearTimeout(idle); idle = setTimeout(() => ws.close(1001, 'Going away'), limits.wsIdleMs).unref(); };
        const max = setTimeout(() => ws.close(1001, 'Going away'), limits.wsMaxMs).unref();
        touched.set(connectionId, touch);
        touch();
        ws.on('message', (data) => { touch(); void handlers.ws(wsEvent('$default', connectionId, STAGE, domainName, { body: data.toString(), authorizer: ctx }), lambdaContext('ws')).catch(() => undefined); });
        ws.on('close', () => {
          clearTimeout(idle);
          clearTimeout(max);
          touched.delete(connectionId);
          sockets.delete(connectionId);
          void handlers.ws(wsEvent('$disconnect', connectionId, STAGE, domainName, { authorizer: ctx }), lambdaContext('ws')).catch(() => undefined);
        });
      });
    })().catch((err: unknown) => { console.error('[gateway ws]', err); socket.destroy(); });
  });

  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve()); });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://localhost:${port}`,
    port,
    connections: () => sockets.size,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets.values()) s.terminate();
      wss.close();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
