/** Small helpers for the bench: percentiles, timing, printing, signed webhooks (the HTTP client is the local stack's). */
import { createHmac } from 'node:crypto';
import { sandboxControl, StackClient } from '../../infra/local/client.js';

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

export { StackClient as Client, connectThroughSandbox, finishedJob } from '../../infra/local/client.js';
let n = 0;
/** Registers a fresh account; returns the signed-in client and the user's id. */
/** A fresh account; `workspaceId` is its own workspace (the tenant its data lives under). */
export async function register(baseUrl: string, tag: string): Promise<{ client: StackClient; workspaceId: string }> {
  const client = new StackClient(baseUrl);
  const email = `bench-${tag}-${Date.now().toString(36)}-${(n++).toString(36)}@example.com`;
  const res = await client.post('/api/register', { email, password: 'Str0ngPassword', firstName: 'Bench', lastName: tag });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, workspaceId: res.json.workspaceId as string };
}

export function control(sandboxUrl: string, path: string, body?: unknown): Promise<any> {
  return sandboxControl(sandboxUrl, path, body);
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
