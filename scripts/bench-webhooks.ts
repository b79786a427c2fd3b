/**
 * Issue 11 item 9: the public API's costs. On its own local stack, an Ultimate workspace connected
 * through the Meta sandbox has an outgoing webhook to a receiver started here. Figures:
 * - `webhook_received_ms` p50 / p95 / max: from posting a comment on the sandbox page until the
 *   receiver has its signed comment.received (webhook → meta-events → emit → webhook-deliveries → POST);
 * - `api_stats_ms` p50 with the session cookie and with a Bearer API key (the key's lookup, plan check,
 *   per-key counter and last-use write are the difference), requests one after the other.
 *
 * `tsx scripts/bench-webhooks.ts [--comments N] [--requests N] [--json FILE]`
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../infra/local/stack.js';
import { connectThroughSandbox, control, fmt, now, percentile, register, sleep } from './bench/util.js';

const arg = (name: string) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };
const count = Number(arg('--comments') ?? 20);
const requests = Number(arg('--requests') ?? 50);
const dataDir = mkdtempSync(join(tmpdir(), 'pagewarden-bench-webhooks-'));
const stack = await startStack({ dataDir, persist: false, env: { RATE_LIMIT_PER_IP: '10000000', RATE_LIMIT_API_KEY_PER_MINUTE: '100000' } });
const arrived = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (event.type === 'comment.received') arrived.set(event.data.comment.externalId, now());
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
try {
  await import('../functions/src/handlers/bind-ports.js');
  const workspaces = await import('../functions/src/store/workspaces.js');
  const { client, workspaceId } = await register(stack.url, 'bench-webhooks');
  await workspaces.setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', subscriptionStatus: 'active', autoAnalyze: false });
  await connectThroughSandbox(client);
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const hook = await client.post('/api/webhooks', { url, events: ['comment.received'] });
  if (hook.status !== 201) throw new Error(`webhook not created: ${hook.status} ${hook.text}`);
  const page = (await control(stack.sandbox.url, 'state')).pages[0];
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = now();
    const c = (await control(stack.sandbox.url, 'comments', { pageId: page.id, platform: 'facebook', ad: false, message: `Question ${i}: do you ship to Norway?` })).comment;
    while (!arrived.has(c.id)) {
      if (now() - t0 > 60_000) throw new Error(`comment ${c.id} not delivered after 60 s`);
      await sleep(5);
    }
    times.push(arrived.get(c.id)! - t0);
  }
  const key = (await client.post('/api/api-keys', { name: 'bench', scopes: ['read'] })).json.key as string;
  const timed = async (headers: Record<string, string>, useCookies: boolean) => {
    const xs: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t0 = now();
      const res = useCookies ? await client.get('/api/stats') : await fetch(`${stack.url}/api/stats`, { headers });
      if (res.status !== 200) throw new Error(`GET /api/stats answered ${res.status}`);
      if (!useCookies) await (res as Response).text();
      xs.push(now() - t0);
    }
    return xs;
  };
  const cookie = await timed({}, true);
  const bearer = await timed({ Authorization: `Bearer ${key}` }, false);
  const figures = {
    comments: count, webhook_received_ms_p50: percentile(times, 50), webhook_received_ms_p95: percentile(times, 95), webhook_received_ms_max: Math.max(...times),
    requests, api_stats_cookie_ms_p50: percentile(cookie, 50), api_stats_bearer_ms_p50: percentile(bearer, 50),
  };
  console.log(`comment posted on the sandbox → signed comment.received at the receiver, ${count} comments: p50 ${fmt(figures.webhook_received_ms_p50)} ms, p95 ${fmt(figures.webhook_received_ms_p95)} ms, max ${fmt(figures.webhook_received_ms_max)} ms`);
  console.log(`GET /api/stats, ${requests} one after the other: p50 ${fmt(figures.api_stats_cookie_ms_p50, 1)} ms with the session cookie, ${fmt(figures.api_stats_bearer_ms_p50, 1)} ms with a Bearer API key`);
  const json = arg('--json');
  if (json) writeFileSync(json, JSON.stringify(figures, null, 2));
} finally {
  receiver.close();
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
}
