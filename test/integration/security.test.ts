/**
 * The security review's findings (issue 9), as an attacker would try them: forged cross-site forms,
 * lockout abuse, broken paths, future-dated Stripe signatures, stale Meta data-deletion requests.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { Client, PASSWORD, signedIn } from '../support/client.js';
import { makeComment, seed } from '../support/seed.js';

const baseUrl = inject('baseUrl');
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** A request from another loopback address (127.0.0.2): the gateway sees another client IP. */
function fromAddress(localAddress: string, method: string, path: string, body: unknown): Promise<{ status: number; json: any; retryAfter: string | undefined }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    url.hostname = '127.0.0.1'; // the gateway listens there; localhost may resolve to ::1
    const req = http.request(url, { method, localAddress, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined, retryAfter: res.headers['retry-after'] as string | undefined });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

describe('forged cross-site requests', () => {
  const targets = (commentId: string) => [
    ['POST', `/api/comments/${commentId}/approve`],
    ['POST', `/api/comments/${commentId}/process`],
    ['POST', '/api/comments/bulk-analyze'],
    ['POST', '/api/sync-comments'],
    ['DELETE', '/api/user'],
  ] as const;

  it('text/plain and form posts with an empty body are 415, a cross-site Origin is 403, and nothing changes', async () => {
    const { client, user } = await signedIn('csrf');
    const comment = makeComment({ content: 'Leave me pending' });
    await seed(user.workspaceId, [comment]);
    for (const [method, path] of targets(comment.id)) {
      const plain = await client.request(method, path, '', { 'Content-Type': 'text/plain' });
      expect(plain.status, `${method} ${path} text/plain`).toBe(415);
      expect(plain.json.message).toMatch(/application\/json/);
      const form = await client.request(method, path, '', { 'Content-Type': 'application/x-www-form-urlencoded' });
      expect(form.status, `${method} ${path} form`).toBe(415);
      const none = await client.request(method, path, '', { 'Content-Type': '' });
      expect(none.status, `${method} ${path} no type`).toBe(415);
      const crossSite = await client.request(method, path, undefined, { Origin: 'https://evil.example' });
      expect(crossSite.status, `${method} ${path} cross-site`).toBe(403);
      expect(crossSite.json.message).toMatch(/Origin https:\/\/evil\.example is not allowed/);
    }
    expect((await client.get('/api/user')).status).toBe(200);
    const list = await client.get('/api/comments');
    expect(list.json.comments.find((c: { id: string }) => c.id === comment.id).status).toBe('pending');
  });

  it("the app's own Origin passes", async () => {
    const { client } = await signedIn('csrf-own');
    const res = await client.request('POST', '/api/comments/bulk-analyze', undefined, { Origin: new URL(baseUrl).origin });
    expect(res.status, res.text).toBeLessThan(300);
  });

  it('DELETE /api/user with a malformed body is a 400 and the account stays', async () => {
    const { client } = await signedIn('csrf-bad');
    const res = await client.request('DELETE', '/api/user', '{bad', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/JSON/);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('sign-in lockout', () => {
  it("10 wrong passwords from one IP slow that IP down but do not stop the owner signing in from another", async () => {
    const { email } = await signedIn('lock');
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof fromAddress>> | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await fromAddress('127.0.0.2', 'POST', '/api/login', { email, password: 'Wrong-password-1' });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(refused!.json.message).toBe(TOO_MANY);
    expect(Number(refused!.retryAfter)).toBeGreaterThan(0);
    // The real owner, elsewhere, signs in at once; and the right password from the attacker's IP is refused too while it waits.
    expect((await fromAddress('127.0.0.2', 'POST', '/api/login', { email, password: PASSWORD })).status).toBe(429);
    expect((await new Client().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('successful sign-ins never count, and one clears the failures before it', async () => {
    const { email } = await signedIn('lock-ok');
    for (let i = 0; i < 8; i++) expect((await new Client().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    const wrong = () => fromAddress('127.0.0.3', 'POST', '/api/login', { email, password: 'Wrong-password-1' });
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    expect((await fromAddress('127.0.0.3', 'POST', '/api/login', { email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(401); // the 5th failure since the success, not the 9th
    expect((await wrong()).status).toBe(429);
  });

  it('common passwords are refused at registration', async () => {
    const res = await new Client().post('/api/register', { email: `common-${Date.now()}@example.com`, password: 'Password1' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('This password is too common. Choose another.');
  });
});

describe('broken paths', () => {
  it('bad percent-encoding is a 400 naming the parameter, not a 5xx', async () => {
    const { client } = await signedIn('pct');
    const res = await client.post('/api/comments/%E0%A4%A/process');
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/id.*percent-encoding/);
  });

  it('ids over 1 KB are a 400 naming the parameter', async () => {
    const { client } = await signedIn('longid');
    for (const [method, path] of [['POST', `/api/comments/${'a'.repeat(1100)}/approve`], ['DELETE', `/api/social-accounts/${'%C3%A9'.repeat(600)}`]] as const) {
      const res = await client.request(method, path);
      expect(res.status, path.slice(0, 30)).toBe(400);
      expect(res.json.message).toMatch(/parameter id is too long/);
    }
  });
});

describe('webhooks and callbacks with bad dates', () => {
  const whsec = inject('stripeWebhookSecret');
  const stripe = new Stripe('sk_test_unused');
  const stripePost = (payload: string, signature: string) =>
    new Client().request('POST', '/webhooks/stripe', payload, { 'Content-Type': 'application/json', 'Stripe-Signature': signature });

  it('a Stripe signature dated a day in the future is refused; one dated now is accepted', async () => {
    const payload = JSON.stringify({ id: `evt_future_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } });
    const future = stripe.webhooks.generateTestHeaderString({ payload, secret: whsec, timestamp: Math.floor(Date.now() / 1000) + 86_400 });
    const res = await stripePost(payload, future);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Invalid signature');
    const now = stripe.webhooks.generateTestHeaderString({ payload, secret: whsec });
    expect((await stripePost(payload, now)).status).toBe(200);
  });

  function signedRequest(payload: object | string): string {
    const body = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)).toString('base64url');
    return `${createHmac('sha256', process.env.META_APP_SECRET!).update(body).digest('base64url')}.${body}`;
  }
  const deletion = (signed: string) => new Client().request('POST', '/webhooks/meta/data-deletion', `signed_request=${signed}`, { 'Content-Type': 'application/x-www-form-urlencoded' });

  it('the data-deletion callback refuses old, future, missing and non-JSON requests with a 400', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [object | string, RegExp][] = [
      [{ algorithm: 'HMAC-SHA256', user_id: 'fb-1', issued_at: 0 }, /older than a day/],
      [{ algorithm: 'HMAC-SHA256', user_id: 'fb-1', issued_at: now - 2 * 86_400 }, /older than a day/],
      [{ algorithm: 'HMAC-SHA256', user_id: 'fb-1', issued_at: now + 3600 }, /future/],
      [{ algorithm: 'HMAC-SHA256', user_id: 'fb-1' }, /issued_at/],
      ['{not json', /not JSON/],
    ];
    for (const [payload, message] of cases) {
      const res = await deletion(signedRequest(payload));
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
  });

  it('the status URL the data-deletion callback returns is served; an unknown code is a 404', async () => {
    const res = await deletion(signedRequest({ algorithm: 'HMAC-SHA256', user_id: `fb-${Date.now()}`, issued_at: Math.floor(Date.now() / 1000) }));
    expect(res.status).toBe(200);
    const url = new URL(res.json.url);
    expect(url.pathname).toBe(`/api/data-deletion/${res.json.confirmation_code}`);
    const status = await new Client().get(url.pathname);
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ code: res.json.confirmation_code, status: 'completed' });
    expect(Date.parse(status.json.completedAt)).toBeGreaterThan(Date.now() - 60_000);
    const unknown = await new Client().get('/api/data-deletion/no-such-code');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBeTruthy();
  });

  it('Meta webhooks with absurd entry times are a 400, never a 5xx', async () => {
    for (const time of [1e20, -1e20, 1.5]) {
      const body = JSON.stringify({ object: 'page', entry: [{ id: 'page-1', time, changes: [{ field: 'feed', value: { item: 'comment', verb: 'add', comment_id: 'c1', created_time: 1e20 } }] }] });
      const sig = 'sha256=' + createHmac('sha256', process.env.META_APP_SECRET!).update(body).digest('hex');
      const res = await new Client().request('POST', '/webhooks/meta', body, { 'Content-Type': 'application/json', 'X-Hub-Signature-256': sig });
      expect(res.status, String(time)).toBe(400);
      expect(res.json.message).toMatch(/time/);
    }
  });
});
