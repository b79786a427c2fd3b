/**
 * The marketing tests serve a private snapshot of web/dist, so another test file rebuilding the
 * shared web/dist mid-run (vite empties the folder first) cannot break pages under test.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { DIST, ensureBuilt } from './harness';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

function complete(dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return refs.length > 0 && refs.every((r) => existsSync(join(dir, r)));
}

/** Build (if stale) and copy web/dist into a temp folder; retried while a concurrent build is writing. */
export async function snapshotDist(): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'cg-marketing-dist-'));
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

/** Static server with the SPA fallback to index.html, on a free port. */
export async function serveDir(root: string): Promise<{ server: Server; origin: string }> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = resolve(join(base, decodeURIComponent(url.pathname)));
    const inside = file === base || file.startsWith(base + sep);
    const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(base, 'index.html');
    res.writeHead(200, { 'content-type': MIME[extname(target)] ?? 'application/octet-stream' });
    res.end(readFileSync(target));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return { server, origin: `http://127.0.0.1:${addr.port}` };
}
