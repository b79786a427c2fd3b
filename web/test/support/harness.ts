/**
 * Browser-test harness: builds the SPA once (shared by every test file, guarded by a lock), serves
 * web/dist statically with the SPA fallback on a free port, launches Debian's Chromium through
 * playwright-core, and mocks the API with page.route (an unhandled API request fails the test).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Route, type WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const WEB = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const REPO = resolve(WEB, '..');
export const DIST = join(WEB, 'dist');
export const SCREENSHOTS = join(REPO, 'artifacts', 'screenshots');
const LOCK = join(WEB, '.build-lock');

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

function sourcesMtime(): number {
  return Math.max(
    newestMtime(join(WEB, 'src')),
    newestMtime(join(REPO, 'shared', 'src')),
    statSync(join(WEB, 'index.html')).mtimeMs,
    statSync(join(WEB, 'vite.config.ts')).mtimeMs,
  );
}

function distIsFresh(): boolean {
  const stamp = join(DIST, '.built-at');
  if (!existsSync(stamp)) return false;
  return Number(readFileSync(stamp, 'utf8')) >= sourcesMtime();
}

async function waitForLockRelease(): Promise<void> {
  // Another test file is building: wait until its lock directory disappears (bounded by the hook timeout).
  const { watch } = await import('node:fs');
  await new Promise<void>((res) => {
    const w = watch(WEB, () => {
      if (!existsSync(LOCK)) {
        w.close();
        res();
      }
    });
    if (!existsSync(LOCK)) {
      w.close();
      res();
    }
  });
}

/** Build web/dist unless it is newer than every source; one builder at a time. */
export async function ensureBuilt(): Promise<void> {
  for (;;) {
    if (distIsFresh()) return;
    try {
      mkdirSync(LOCK);
    } catch {
      await waitForLockRelease();
      continue;
    }
    try {
      if (!distIsFresh()) {
        const started = sourcesMtime();
        execFileSync('npx', ['vite', 'build', 'web', '--logLevel', 'warn'], { cwd: REPO, stdio: 'inherit' });
        writeFileSync(join(DIST, '.built-at'), String(started));
      }
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
    return;
  }
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

function complete(dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return refs.length > 0 && refs.every((r) => existsSync(join(dir, r)));
}

/** Build (if stale) and copy web/dist into a temp folder, so a concurrent rebuild cannot swap chunks under a test. */
async function snapshotDist(): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'cg-dist-'));
    try {
      cpSync(DIST, dir, { recursive: true });
      if (complete(dir)) return dir;
    } catch {
      /* dist changed under us */
    }
    rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 3000));
  }
  throw new Error('could not snapshot web/dist');
}

/** Serve a private snapshot of web/dist like the gateway does: files when they exist, index.html otherwise. */
export async function serveDist(): Promise<{ server: Server; origin: string; root: string }> {
  const root = resolve(await snapshotDist());
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = resolve(join(root, decodeURIComponent(url.pathname)));
    const inside = file === root || file.startsWith(root + sep);
    const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(root, 'index.html');
    res.writeHead(200, { 'content-type': MIME[extname(target)] ?? 'application/octet-stream' });
    res.end(readFileSync(target));
  });
  server.on('close', () => rmSync(root, { recursive: true, force: true }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return { server, origin: `http://127.0.0.1:${addr.port}`, root };
}

/**
 * Launch Chromium. Playwright itself passes a fresh temporary --user-data-dir (and removes it on
 * close); it refuses one given in args, so `userDataDir` is our own scratch dir (downloads etc.).
 */
export async function launch(): Promise<{ browser: Browser; userDataDir: string }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'cg-chromium-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    downloadsPath: userDataDir,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return { browser, userDataDir };
}

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Reply = { status?: number; json?: unknown; body?: string; headers?: Record<string, string> };
export type Handler = (req: Recorded) => Reply | Promise<Reply>;

/** Mocked API for one page: handlers keyed by "METHOD /path" (path without query). */
export class MockApi {
  readonly requests: Recorded[] = [];
  readonly unhandled: string[] = [];
  private handlers = new Map<string, Handler>();
  sockets: WebSocketRoute[] = [];

  on(key: string, handler: Handler | Reply): this {
    this.handlers.set(key, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  calls(key: string): Recorded[] {
    const [method, path] = key.split(' ');
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  async attach(page: Page): Promise<void> {
    await page.route('**/api/**', (route) => this.handle(route));
    await page.routeWebSocket('**/ws', (ws) => {
      this.sockets.push(ws);
    });
  }

  private async handle(route: Route): Promise<void> {
    const req = route.request();
    const url = new URL(req.url());
    let body: unknown;
    const raw = req.postData();
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const rec: Recorded = { method: req.method(), path: url.pathname, query: url.searchParams, body };
    this.requests.push(rec);
    const handler = this.handlers.get(`${rec.method} ${rec.path}`);
    if (!handler) {
      this.unhandled.push(`${rec.method} ${rec.path}${url.search}`);
      await route.fulfill({ status: 599, body: 'unhandled in test' });
      return;
    }
    const reply = await handler(rec);
    await route.fulfill({
      status: reply.status ?? 200,
      headers: reply.headers,
      contentType: reply.json !== undefined ? 'application/json' : 'text/plain',
      body: reply.json !== undefined ? JSON.stringify(reply.json) : (reply.body ?? ''),
    });
  }
}

export interface Session {
  context: BrowserContext;
  page: Page;
  api: MockApi;
}

export async function newSession(browser: Browser, api: MockApi, viewport = { width: 1366, height: 900 }): Promise<Session> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await api.attach(page);
  return { context, page, api };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Run axe-core in the page; returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  await page.addScriptTag({ path: join(REPO, 'node_modules', 'axe-core', 'axe.min.js') });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One static server and one browser for a test file: registers its own setup and teardown. */
export function browserSuite(): { browser: Browser; origin: string; root: string } {
  const suite = {} as { browser: Browser; origin: string; root: string };
  let server: Server | undefined;
  let userDataDir: string | undefined;
  beforeAll(async () => {
    await ensureBuilt();
    ({ server, origin: suite.origin, root: suite.root } = await serveDist());
    ({ browser: suite.browser, userDataDir } = await launch());
  }, 300_000);
  afterAll(async () => {
    await suite.browser?.close();
    await new Promise((r) => server?.close(r));
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });
  return suite;
}
