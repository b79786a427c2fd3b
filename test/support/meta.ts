/** Helpers for tests that go through the Meta sandbox: the OAuth consent and its control API. */
import type { Client } from './client.js';

function unescape(s: string): string {
  return s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** Runs the connect flow as a browser would: our redirect → the sandbox consent → Continue (or Cancel) → our callback. */
export async function connectThroughSandbox(client: Client, choice: 'continue' | 'cancel' = 'continue'): Promise<string> {
  const start = await client.get('/api/auth/facebook');
  if (start.status !== 302) throw new Error(`connect did not redirect: ${start.status} ${start.text}`);
  const dialog = await fetch(start.headers.get('location')!);
  const html = await dialog.text();
  const link = new RegExp(`id="${choice}" href="([^"]+)"`).exec(html)?.[1];
  if (!link) throw new Error(`no ${choice} link on the consent page`);
  const callback = new URL(unescape(link));
  const done = await client.get(callback.pathname + callback.search);
  return done.headers.get('location') ?? `(status ${done.status})`;
}

export async function control(path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${process.env.META_GRAPH_URL}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}
