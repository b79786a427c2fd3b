/**
 * Outgoing webhooks (issue 11, item 9) against the local stack and the Meta sandbox: a receiver started
 * here checks each delivery's signature with the secret shown at creation; a comment arriving by
 * Meta webhook is delivered as comment.received (then comment.decided); a failed delivery is retried
 * with the same event id and both attempts are in the delivery log; repeated failures disable the endpoint.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Client, signedIn } from '../support/client.js';
import { connectThroughSandbox, control } from '../support/meta.js';

Object.assign(process.env, inject('stackEnv'));
await import('../support/seed.js'); // binds the adapters in this process too (the disable test calls the domain)
const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');

interface Received { headers: http.IncomingHttpHeaders; body: string; event: any; answered: number }

/** A webhook receiver on a free port: records every request; answers 500 to the next `failNext` ones. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answered = state.failNext > 0 ? (state.failNext--, 500) : 200;
      received.push({ headers: req.headers, body, event: JSON.parse(body), answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/pagewarden`, received, state, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

/** The receiver's own check, written out with node:crypto: HMAC-SHA256 of "t.body", constant-time compare. */
function signatureValid(header: string | undefined, secret: string, body: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex')) && Math.abs(Date.now() / 1000 - Number(m[1])) < 300;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('outgoing webhooks', () => {
  let client: Client;
  let workspaceId: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let endpoint: any;

  beforeAll(async () => {
    receiver = await startReceiver();
    await control('reset', {});
    const s = await signedIn('outhooks');
    client = s.client;
    workspaceId = s.user.workspaceId;
    await setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', subscriptionStatus: 'active' });
    expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
  });
  afterAll(async () => { await receiver?.close(); });

  it('an endpoint is created with its signing secret shown once; the list holds no secret', async () => {
    const res = await client.post('/api/webhooks', { url: receiver.url, events: ['comment.received', 'comment.decided', 'comment.actioned'], description: 'CRM' });
    expect(res.status).toBe(201);
    endpoint = res.json;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(endpoint).toMatchObject({ url: receiver.url, status: 'enabled', consecutiveFailures: 0, disabledReason: null });
    const list = await client.get('/api/webhooks');
    expect(list.json.map((w: any) => w.id)).toEqual([endpoint.id]);
    expect(list.text).not.toContain(endpoint.secret);
    const bad = await client.post('/api/webhooks', { url: 'ftp://example.com/x', events: ['comment.received'] });
    expect(bad.status).toBe(400);
    expect((await client.post('/api/webhooks', { url: receiver.url, events: ['comment.deleted'] })).status).toBe(400);
  });

  it('a comment arriving by Meta webhook is delivered signed as comment.received, then comment.decided', async () => {
    const page = (await control('state')).pages[0];
    const created = await control('comments', { pageId: page.id, message: 'Do you ship to Norway?' });
    const externalId = created.id ?? created.comment?.id;
    await control('webhooks/flush', {});
    const got = await waitFor('comment.received', () => receiver.received.find((r) => r.event.type === 'comment.received' && r.event.data.comment.externalId === externalId));
    expect(signatureValid(got.headers['pagewarden-signature'] as string, endpoint.secret, got.body)).toBe(true);
    expect(signatureValid(got.headers['pagewarden-signature'] as string, 'whsec_wrong', got.body)).toBe(false);
    expect(got.headers['pagewarden-event-id']).toBe(got.event.id);
    expect(got.event).toMatchObject({ type: 'comment.received', workspaceId, data: { comment: { content: 'Do you ship to Norway?', platform: 'facebook' } } });
    // The analyser's decision follows (the workspace analyses arrivals automatically).
    const decided = await waitFor('comment.decided', () => receiver.received.find((r) => r.event.type === 'comment.decided' && r.event.data.comment.externalId === externalId));
    expect(signatureValid(decided.headers['pagewarden-signature'] as string, endpoint.secret, decided.body)).toBe(true);
    expect(decided.event.data.decision.decision).toMatch(/^(reply|hide|delete|ignore)$/);
  });

  it('a delivery the receiver fails is retried with the same event id; the delivery log has both attempts', async () => {
    const comment = await waitFor('the decided comment', async () => (await client.get('/api/comments?limit=100')).json.comments.find((c: any) => c.content === 'Do you ship to Norway?' && c.status === 'processed'));
    receiver.state.failNext = 1;
    expect((await client.post(`/api/comments/${comment.id}/dismiss`)).status).toBe(200);
    const attempts = await waitFor('two attempts of comment.actioned', () => {
      const a = receiver.received.filter((r) => r.event.type === 'comment.actioned' && r.event.data.comment.id === comment.id);
      return a.length >= 2 ? a : undefined;
    });
    expect(attempts.map((a) => a.answered)).toEqual([500, 200]);
    expect(attempts[1]!.event.id).toBe(attempts[0]!.event.id);
    expect(attempts.map((a) => a.headers['pagewarden-delivery-attempt'])).toEqual(['1', '2']);
    expect(attempts[1]!.event.data).toMatchObject({ action: 'dismiss', comment: { status: 'approved' } });
    for (const a of attempts) expect(signatureValid(a.headers['pagewarden-signature'] as string, endpoint.secret, a.body)).toBe(true);

    const log = await waitFor('the delivery log', async () => {
      const entries = (await client.get(`/api/webhooks/${endpoint.id}/deliveries`)).json.filter((d: any) => d.eventId === attempts[0]!.event.id);
      return entries.length >= 2 ? entries : undefined;
    });
    // Newest first.
    expect(log.map((d: any) => [d.attempt, d.ok, d.status])).toEqual([[2, true, 200], [1, false, 500]]);
    expect(log[1].error).toBe('The receiver answered 500');
    expect(log[1].nextAttemptAt).not.toBeNull();
    expect(log[0].nextAttemptAt).toBeNull();
    // A success resets the count of failures in a row.
    expect((await client.get('/api/webhooks')).json[0].consecutiveFailures).toBe(0);
  });

  it('after 10 failed deliveries in a row the endpoint is disabled with a notice, and receives nothing more', async () => {
    const { bindOutgoingWebhooks } = await import('../../functions/src/domain/webhook-port.js');
    const { sqsOutgoingWebhooks } = await import('../../functions/src/queue/webhook-deliveries.js');
    const { deliver } = await import('../../functions/src/domain/outgoing-webhooks.js');
    const failing = (await client.post('/api/webhooks', { url: 'https://receiver.invalid/hook', events: ['comment.received'] })).json;
    // The domain's delivery step with a receiver that always fails and a queue that keeps the retries.
    const posts: string[] = [];
    const retries: number[] = [];
    bindOutgoingWebhooks({ enqueue: async (jobs, delay) => { retries.push(...jobs.map(() => delay ?? 0)); }, post: async (url) => { posts.push(url); return { status: 503 }; } });
    try {
      for (let i = 0; i < 11; i++) {
        await deliver({ workspaceId, endpointId: failing.id, deliveryId: `d${i}`, attempt: 1, event: { id: `evt_${i}`, type: 'comment.received', createdAt: new Date().toISOString(), workspaceId, data: {} } });
      }
    } finally {
      bindOutgoingWebhooks(sqsOutgoingWebhooks);
    }
    expect(posts).toHaveLength(10);
    expect(retries).toHaveLength(9); // the tenth failure disables instead of retrying
    const listed = (await client.get('/api/webhooks')).json.find((w: any) => w.id === failing.id);
    expect(listed.status).toBe('disabled');
    expect(listed.disabledReason).toMatch(/after 10 failed deliveries in a row \(last: The receiver answered 503\)/);
    // The other endpoint is untouched.
    expect((await client.get('/api/webhooks')).json.find((w: any) => w.id === endpoint.id).status).toBe('enabled');
    expect((await client.get(`/api/webhooks/${failing.id}/deliveries`)).json).toHaveLength(10);
  });

  it('a deleted endpoint is gone: deleting again and its delivery log answer 404', async () => {
    const extra = (await client.post('/api/webhooks', { url: receiver.url, events: ['incident.opened'] })).json;
    expect((await client.delete(`/api/webhooks/${extra.id}`)).status).toBe(200);
    expect((await client.delete(`/api/webhooks/${extra.id}`)).status).toBe(404);
    expect((await client.get(`/api/webhooks/${extra.id}/deliveries`)).status).toBe(404);
  });
});
