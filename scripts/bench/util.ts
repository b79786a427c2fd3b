/** Small helpers for the bench: a cookie-keeping HTTP client, percentiles, timing and printing. */
import { createHmac } from 'node:crypto';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const now = () => performance.now();

/** Nearest-rank percentile of `xs` (p in 0..100). */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
export const fmt = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

/** Runs `fn` over `items` with at most `n` in flight. */
export async function pool<T>(items: T[], n: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) { const i = next++; await fn(items[i]!, i); }
  }));
}

/** A browser-like client for the local gateway (cookies kept, redirects not followed). */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any; text: string; headers: Headers }> {
    const res = await fetch(this.baseUrl + path, {
      method, redirect: 'manual',
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(this.cookies.size ? { Cookie: this.cookieHeader() } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/Max-Age=0/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any;
    try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
    return { status: res.status, json, text, headers: res.headers };
  }

  get(path: string) { return this.request('GET', path); }
  post(path: string, body?: unknown) { return this.request('POST', path, body); }
}

let n = 0;
/** Registers a fresh account; returns the signed-in client and the user's id. */
export async function register(baseUrl: string, tag: string): Promise<{ client: Client; userId: string }> {
  const client = new Client(baseUrl);
  const email = `bench-${tag}-${Date.now().toString(36)}-${(n++).toString(36)}@example.com`;
  const res = await client.post('/api/register', { email, password: 'Str0ngPassword', firstName: 'Bench', lastName: tag });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, userId: res.json.id as string };
}

function unescapeHtml(s: string): string {
  return s.replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** The connect flow as a browser runs it: our redirect → the sandbox consent → Continue → our callback. */
export async function connectThroughSandbox(client: Client): Promise<string> {
  const start = await client.get('/api/auth/facebook');
  if (start.status !== 302) throw new Error(`connect did not redirect: ${start.status} ${start.text}`);
  const html = await (await fetch(start.headers.get('location')!)).text();
  const link = /id="continue" href="([^"]+)"/.exec(html)?.[1];
  if (!link) throw new Error('no continue link on the consent page');
  const callback = new URL(unescapeHtml(link));
  const done = await client.get(callback.pathname + callback.search);
  return done.headers.get('location') ?? `(status ${done.status})`;
}

export async function control(sandboxUrl: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${sandboxUrl}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** A signed Meta webhook body for one Facebook `feed` comment add (integrations.md A3). */
export function feedCommentWebhook(pageId: string, postId: string, commentId: string, message: string, secret: string): { body: string; signature: string } {
  const t = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    object: 'page',
    entry: [{ id: pageId, time: t, changes: [{ field: 'feed', value: {
      item: 'comment', verb: 'add', comment_id: commentId, post_id: postId, parent_id: postId,
      from: { id: `9${commentId.replace(/\D/g, '').slice(-12)}`, name: 'Bench Visitor' }, message, created_time: t,
    } }] }],
  });
  return { body, signature: `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` };
}

export async function sendWebhook(baseUrl: string, w: { body: string; signature: string }): Promise<number> {
  const res = await fetch(`${baseUrl}/webhooks/meta`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': w.signature }, body: w.body });
  await res.arrayBuffer();
  return res.status;
}
