/** startMetaSandbox(): the node:http server tying OAuth, Graph routes, control API, avatars and live mode together. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleControl } from './control.js';
import { GraphError } from './errors.js';
import { handleGraph } from './graph.js';
import { exchangeToken, renderDialog } from './oauth.js';
import { DEFAULT_BASE_TIME, MetaSandbox } from './sandbox.js';

export const GRAPH_VERSION = 'v26.0';

export interface MetaSandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  appId: string;
  appSecret: string;
  appName?: string;
  /** The app's webhook callback (POST /webhooks/meta). */
  webhookUrl?: string;
  /** When set, the callback must pass Meta's GET verify handshake before webhooks are delivered. */
  verifyToken?: string;
  /** Post a new realistic comment (and its webhook) every N ms. */
  liveIntervalMs?: number;
  seed?: number;
  /** End of the seeded 30-day timeline (epoch ms). */
  baseTime?: number;
  /** Public URL when behind a proxy; defaults to http://host:port. */
  publicUrl?: string;
}

export interface MetaSandboxHandle {
  url: string;
  port: number;
  graphVersion: string;
  /** The live sandbox: world, tokens, faults, counts(), snapshot(), createComment(), notify()… */
  state: MetaSandbox;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=UTF-8', ...headers });
  res.end(text);
}

function avatarSvg(name: string): string {
  const initials = name.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase().replace(/[<&>"]/g, '');
  const hue = [...name].reduce((h, ch) => (h + ch.charCodeAt(0) * 7) % 360, 0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="hsl(${hue},55%,45%)"/><text x="32" y="40" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

export async function startMetaSandbox(opts: MetaSandboxOptions): Promise<MetaSandboxHandle> {
  const sb = new MetaSandbox({
    appId: opts.appId, appSecret: opts.appSecret, appName: opts.appName ?? 'Pagewarden',
    webhookUrl: opts.webhookUrl, verifyToken: opts.verifyToken, seed: opts.seed ?? 42, baseTime: opts.baseTime ?? DEFAULT_BASE_TIME,
  });
  let baseUrl = '';
  let live: NodeJS.Timeout | undefined;
  const setLiveInterval = (ms: number | undefined) => {
    if (live) clearInterval(live);
    live = undefined;
    if (ms && ms > 0) {
      live = setInterval(() => {
        const c = sb.createComment({});
        void sb.notify(c, 'add');
      }, ms);
      live.unref();
    }
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', baseUrl);
      const raw = req.method === 'GET' || req.method === 'HEAD' ? '' : await readBody(req);
      const path = url.pathname;
      if (path.startsWith('/__control/')) {
        let body: Record<string, unknown> = {};
        if (raw.trim()) {
          try { body = JSON.parse(raw) as Record<string, unknown>; } catch { return send(res, 400, { error: 'invalid JSON' }); }
        }
        const r = await handleControl(sb, { setLiveInterval }, req.method ?? 'GET', path, url.searchParams, body);
        return send(res, r.status, r.body);
      }
      if (path.startsWith('/__avatar/')) {
        return send(res, 200, avatarSvg(url.searchParams.get('name') ?? '?'), { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' });
      }
      if (path === '/' || path === '/health') return send(res, 200, { ok: true, service: 'meta-sandbox', version: GRAPH_VERSION });

      const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
      const version = segments.shift();
      if (!version || !/^v\d+\.\d+$/.test(version)) {
        return send(res, 400, new GraphError(400, 2635, 'The API version is required in the path (e.g. /v26.0/...)').body());
      }
      if (version !== GRAPH_VERSION) {
        return send(res, 400, new GraphError(400, 2635, `(#2635) This sandbox speaks Graph API ${GRAPH_VERSION}, not ${version}.`).body());
      }
      // Parameters: query string merged with a form or JSON body, like the Graph API accepts.
      const params = new URLSearchParams(url.searchParams);
      if (raw.trim()) {
        const ct = req.headers['content-type'] ?? '';
        if (ct.includes('application/json')) {
          try {
            for (const [k, v] of Object.entries(JSON.parse(raw) as Record<string, unknown>)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
          } catch { return send(res, 400, new GraphError(400, 100, '(#100) Invalid JSON body').body()); }
        } else {
          for (const [k, v] of new URLSearchParams(raw)) params.set(k, v);
        }
      }
      const method = (params.get('method') ?? req.method ?? 'GET').toUpperCase();
      if (segments[0] === 'dialog' && segments[1] === 'oauth' && segments.length === 2) {
        const r = renderDialog(sb, url.searchParams);
        return send(res, r.status, r.html);
      }
      if (segments[0] === 'oauth' && segments[1] === 'access_token' && segments.length === 2) {
        sb.countCall('GET oauth/access_token', undefined);
        const fault = sb.takeFault(method, `${url.pathname}${url.search}`, 'app');
        try {
          if (fault) throw fault;
          return send(res, 200, exchangeToken(sb, params));
        } catch (e) {
          if (e instanceof GraphError) return send(res, e.status, e.body(), e.extraHeaders);
          throw e;
        }
      }
      const auth = req.headers.authorization?.match(/^(?:Bearer|OAuth)\s+(.+)$/i)?.[1];
      const token = params.get('access_token') ?? auth;
      params.delete('access_token');
      const r = await handleGraph(sb, { method, url, params, token, baseUrl }, segments);
      return send(res, r.status, r.body, r.headers);
    } catch (e) {
      return send(res, 500, new GraphError(500, 1, `An unknown error occurred (${e instanceof Error ? e.message : String(e)})`).body());
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = opts.publicUrl ?? `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`;
  setLiveInterval(opts.liveIntervalMs);

  return {
    url: baseUrl, port, graphVersion: GRAPH_VERSION, state: sb,
    close: async () => {
      setLiveInterval(undefined);
      await sb.webhooks.flush();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
