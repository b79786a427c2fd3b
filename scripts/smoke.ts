/**
 * `npm run smoke -- https://<domain> [--verify-token T] [--app-secret S]`: checks a deployed stack
 * (or the local one) from the outside, as a user and as Meta would reach it, printing pass or fail
 * for each check; exits 1 when any fails.
 *
 * 1. the SPA (index.html at / and at a client-side route), 2. register, sign-in, sign-out (a
 * throw-away account at the SES mailbox simulator, deleted at the end), 3. Meta's webhook
 * verification handshake, 4. a signed Meta test webhook, 5. a WebSocket connection with the session.
 * Without the Meta verify token or app secret (from the stage's Meta secret, docs/deploy.md), checks
 * 3 and 4 only prove that a wrong token and a forged signature are refused.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { WS_PATH } from '@cg/shared';
import { StackClient } from '../infra/local/client.js';

type Check = () => Promise<string>;
class Failed extends Error {}
const expectThat = (ok: boolean, message: string) => { if (!ok) throw new Failed(message); };

export async function smoke(base: string, opts: { verifyToken?: string; appSecret?: string; log?: (line: string) => void } = {}): Promise<boolean> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const origin = new URL(base).origin;
  const client = new StackClient(origin);
  const call = (method: string, path: string, body?: unknown) => client.request(method, path, body, { Origin: origin });
  const email = `success+pagewarden-smoke-${Date.now()}-${randomBytes(3).toString('hex')}@simulator.amazonses.com`;
  const password = `Smoke-${randomBytes(6).toString('hex')}A1`;
  let registered = false;

  const checks: [string, Check][] = [
    ['SPA', async () => {
      for (const path of ['/', '/dashboard']) {
        const res = await fetch(origin + path);
        const html = await res.text();
        expectThat(res.status === 200 && /text\/html/.test(res.headers.get('content-type') ?? '') && /<script[^>]+src=/.test(html), `${path}: ${res.status} ${res.headers.get('content-type')}`);
      }
      return 'index.html at / and /dashboard';
    }],
    ['register', async () => {
      const res = await call('POST', '/api/register', { email, password, firstName: 'Smoke', lastName: 'Test' });
      expectThat(res.status === 201 && res.json?.email === email, `POST /api/register: ${res.status} ${res.text.slice(0, 200)}`);
      registered = true;
      return email;
    }],
    ['sign-out', async () => {
      expectThat((await call('GET', '/api/user')).status === 200, 'not signed in after registering');
      const out = await call('POST', '/api/logout');
      expectThat(out.status === 200, `POST /api/logout: ${out.status}`);
      const after = await call('GET', '/api/user');
      expectThat(after.status === 401, `GET /api/user after sign-out: ${after.status}`);
      return 'session ended (401 after)';
    }],
    ['sign-in', async () => {
      const res = await call('POST', '/api/login', { email, password });
      expectThat(res.status === 200, `POST /api/login: ${res.status} ${res.text.slice(0, 200)}`);
      expectThat((await call('GET', '/api/user')).json?.email === email, 'GET /api/user does not answer the signed-in user');
      return 'signed in again';
    }],
    ['webhook verification', async () => {
      const challenge = String(Date.now());
      const wrong = await fetch(`${origin}/webhooks/meta?hub.mode=subscribe&hub.verify_token=wrong-${challenge}&hub.challenge=${challenge}`);
      expectThat(wrong.status === 403, `a wrong verify token answered ${wrong.status}, not 403`);
      if (!opts.verifyToken) return 'a wrong token is refused (give --verify-token to check the handshake itself)';
      const res = await fetch(`${origin}/webhooks/meta?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(opts.verifyToken)}&hub.challenge=${challenge}`);
      const text = await res.text();
      expectThat(res.status === 200 && text === challenge, `handshake: ${res.status} ${text.slice(0, 100)}`);
      return 'the challenge comes back';
    }],
    ['signed webhook', async () => {
      const body = JSON.stringify({ object: 'page', entry: [] });
      const post = (sig: string) => fetch(`${origin}/webhooks/meta`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': sig }, body });
      const forged = await post(`sha256=${'0'.repeat(64)}`);
      expectThat(forged.status === 403, `a forged signature answered ${forged.status}, not 403`);
      if (!opts.appSecret) return 'a forged signature is refused (give --app-secret to send a signed one)';
      const res = await post(`sha256=${createHmac('sha256', opts.appSecret).update(body).digest('hex')}`);
      expectThat(res.status === 200, `signed webhook: ${res.status} ${(await res.text()).slice(0, 100)}`);
      return 'accepted';
    }],
    ['WebSocket', async () => {
      const url = `${origin.replace(/^http/, 'ws')}${WS_PATH}`;
      const ws = new WebSocket(url, { headers: { Cookie: client.cookieHeader(), Origin: origin } });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Failed(`${url}: no connection within 10 s`)), 10_000);
        ws.once('open', () => { clearTimeout(timer); resolve(); });
        ws.once('unexpected-response', (_req, res) => { clearTimeout(timer); reject(new Failed(`${url}: ${res.statusCode}`)); });
        ws.once('error', (err) => { clearTimeout(timer); reject(new Failed(`${url}: ${err.message}`)); });
      });
      ws.close();
      return `connected to ${url}`;
    }],
  ];

  let ok = true;
  const run = async (name: string, check: Check) => {
    try {
      log(`pass  ${name}: ${await check()}`);
    } catch (err) {
      ok = false;
      log(`FAIL  ${name}: ${err instanceof Failed ? err.message : String(err)}`);
    }
  };
  for (const [name, check] of checks) await run(name, check);
  if (registered) {
    await run('clean-up', async () => {
      if ((await call('GET', '/api/user')).status !== 200) await call('POST', '/api/login', { email, password });
      const res = await call('DELETE', '/api/user');
      expectThat(res.status === 200, `DELETE /api/user: ${res.status} ${res.text.slice(0, 200)}`);
      return 'the smoke account is deleted';
    });
  }
  return ok;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!);
if (isMain) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'verify-token': { type: 'string' }, 'app-secret': { type: 'string' } } });
  const base = positionals[0];
  if (!base || !/^https?:\/\//.test(base)) {
    console.error('usage: npm run smoke -- https://<domain> [--verify-token TOKEN] [--app-secret SECRET]');
    process.exit(2);
  }
  const ok = await smoke(base, { verifyToken: values['verify-token'] ?? process.env.META_VERIFY_TOKEN, appSecret: values['app-secret'] ?? process.env.META_APP_SECRET });
  console.log(ok ? '\nSmoke test passed.' : '\nSmoke test FAILED.');
  process.exit(ok ? 0 : 1);
}
