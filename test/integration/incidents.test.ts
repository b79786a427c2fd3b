/**
 * Troll-attack mode (issue 11 item 4) against the local stack and the Meta sandbox: a burst of
 * negative comments from new accounts on one post (posted on the sandbox page, delivered by signed
 * Meta webhooks, analysed by the stack) opens an incident; its stricter policy hides the attackers'
 * comments on the page (not a regular commenter's); `incident.opened` reaches a signed-webhook
 * receiver; a moderator closes it and restores the hidden comments in bulk, each unhidden on the
 * page exactly once. A quiet post with normal traffic opens nothing.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TROLL_ATTACK } from '@cg/shared';
import { Client, signedIn } from '../support/client.js';
import { connectThroughSandbox, control, finishedJob } from '../support/meta.js';

Object.assign(process.env, inject('stackEnv'));
const { store } = await import('../support/seed.js');
const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');
const { db, table } = await import('../../functions/src/store/client.js');
const { incidentKey } = await import('../../functions/src/store/keys.js');
const incidentStore = await import('../../functions/src/store/incidents.js');
const { RESTORE_INLINE_MAX } = await import('../../functions/src/domain/incidents.js');

const until = async <T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> => {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A receiver of outgoing webhooks on a free port. */
async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string; event: any }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, event: JSON.parse(body) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/incidents`, received, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

function signatureValid(header: string | undefined, secret: string, body: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  return Boolean(m && createHmac('sha256', secret).update(`${m[1]}.${body}`).digest('hex') === m[2]);
}

const ATTACK = [
  'This company is a total scam, worst service ever, never buying again',
  'You are all idiots and your product is garbage',
  'Terrible experience, rude staff and broken product, avoid this place',
  'Worst brand ever, disgusting and dishonest people',
  'Absolute trash, you should be ashamed, liars',
  'I hate this company so much, awful awful awful',
];

describe('troll-attack incidents, through the Meta sandbox', () => {
  let client: Client;
  let workspaceId: string;
  let page: { id: string };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;

  /** Posts a comment on the sandbox page (delivered by signed webhook); returns its sandbox id and post. */
  async function post(body: Record<string, unknown>): Promise<{ id: string; postId: string; createdTime: string }> {
    const created = await control('comments', { pageId: page.id, platform: 'facebook', ad: false, ...body });
    return { id: created.comment.id, postId: created.comment.objectId, createdTime: created.comment.createdTime };
  }
  const commentId = (externalId: string) => `facebook_${externalId}`;
  const analysed = (externalId: string) => until(`comment ${externalId} analysed`, async () => (await store.getComment(workspaceId, commentId(externalId)))?.comment.aiDecision && (await store.getComment(workspaceId, commentId(externalId)))!.comment);
  /** The troll-attack watch counted this comment (its seen marker exists). */
  const counted = (externalId: string, postId: string) => until(`comment ${externalId} counted`, async () => {
    const [from, to] = incidentKey.seenRange('facebook', postId, 0, 999_999_999_999);
    const res = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b', ConsistentRead: true, ExpressionAttributeValues: { ':p': `WS#${workspaceId}`, ':a': from, ':b': to } }));
    return (res.Items ?? []).some((i) => i.commentId === commentId(externalId));
  });
  const sandboxComment = async (externalId: string) => (await control('comments?deleted=true')).comments.find((c: any) => c.id === externalId);
  const incidentsOn = async (postId: string) => ((await client.get('/api/incidents')).json.items as any[]).filter((i) => i.postId === postId);

  beforeAll(async () => {
    receiver = await startReceiver();
    await control('reset', {});
    const s = await signedIn('incidents');
    client = s.client;
    workspaceId = s.user.workspaceId;
    await setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', subscriptionStatus: 'active' });
    expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
    page = (await control('state')).pages[0];
    const hook = await client.post('/api/webhooks', { url: receiver.url, events: ['incident.opened'] });
    expect(hook.status, hook.text).toBe(201);
    secret = hook.json.secret;
  });
  afterAll(async () => { await receiver?.close(); });

  it('a quiet post with normal traffic opens no incident', async () => {
    const first = await post({ message: 'Love this post, thanks for sharing!', fromId: `q${randomUUID().slice(0, 8)}` });
    const others = [
      await post({ target: first.postId, message: 'Great photo, looks delicious', fromId: `q${randomUUID().slice(0, 8)}` }),
      await post({ target: first.postId, message: 'What time do you open on Sunday?', fromId: `q${randomUUID().slice(0, 8)}` }),
      await post({ target: first.postId, message: 'This is disappointing, my order arrived late', fromId: `q${randomUUID().slice(0, 8)}` }),
      await post({ target: first.postId, message: 'Terrible service today, the cashier was so rude', fromId: `q${randomUUID().slice(0, 8)}` }),
    ];
    await control('webhooks/flush', {});
    const all = [first, ...others];
    const comments = await Promise.all(all.map((c) => analysed(c.id)));
    const negatives = all.filter((_, i) => comments[i]!.aiDecision!.sentiment === 'negative' || comments[i]!.aiDecision!.isOffensive);
    expect(negatives.length).toBeGreaterThan(0);
    expect(negatives.length).toBeLessThan(TROLL_ATTACK.minNegatives);
    // Every negative one was counted on the post, and none of that opened anything or hid anything.
    for (const n of negatives) await counted(n.id, first.postId);
    expect(await incidentsOn(first.postId)).toEqual([]);
    for (const c of all) expect((await sandboxComment(c.id)).hidden).toBe(false);
  });

  it('a burst of negative comments from new accounts opens an incident that hides them; a moderator closes it and restores them in bulk', async () => {
    // A regular: commented on the post before the attack.
    const regularId = `r${randomUUID().slice(0, 8)}`;
    const opener = await post({ message: 'What time do you open on Sunday?', fromId: regularId, fromName: 'Rita Regular' });
    await control('webhooks/flush', {});
    await analysed(opener.id);
    const postId = opener.postId;

    const attackers: string[] = [];
    for (const [i, message] of ATTACK.entries()) {
      attackers.push((await post({ target: postId, message, fromId: `t${randomUUID().slice(0, 8)}`, fromName: `Troll ${i + 1}` })).id);
    }
    // Her second comment, later but within the same second as her first (Meta's times are whole seconds): still not a first-timer's.
    const regular = await post({ target: postId, message: 'This is disappointing, my order arrived late', fromId: regularId, fromName: 'Rita Regular', createdTime: Date.parse(opener.createdTime) + 999 });
    await control('webhooks/flush', {});

    // The incident opens on that post.
    const [incident] = await until('an incident on the attacked post', async () => { const l = await incidentsOn(postId); return l.length ? l : null; });
    expect(incident).toMatchObject({ status: 'open', platform: 'facebook', postId, closedAt: null });
    expect(incident.burst).toBeGreaterThanOrEqual(TROLL_ATTACK.minNegatives);
    expect(Date.parse(incident.endsAt) - Date.parse(incident.openedAt)).toBe(TROLL_ATTACK.durationMinutes * 60_000);
    expect((await client.get('/api/incidents?status=open')).json.items.map((i: any) => i.id)).toContain(incident.id);

    // Every attacker's comment is hidden on the page, by the incident.
    for (const id of attackers) await until(`attacker comment ${id} hidden on the sandbox`, async () => (await sandboxComment(id)).hidden === true);
    const detail = await until('the incident lists every hidden comment', async () => {
      const d = (await client.get(`/api/incidents/${incident.id}`)).json;
      return d.comments?.length >= attackers.length ? d : null;
    });
    expect(detail.comments.map((c: any) => c.commentId).sort()).toEqual(attackers.map(commentId).sort());
    expect(detail.comments.every((c: any) => c.isHidden && !c.restored)).toBe(true);
    const log = (await client.get('/api/automation?limit=200')).json.entries.filter((e: any) => e.source === 'incident');
    expect(log.map((e: any) => e.commentId).sort()).toEqual(attackers.map(commentId).sort());
    expect(log.every((e: any) => e.reason.includes(incident.id) && e.outcome === 'done' && e.undoable && e.action.type === 'hide')).toBe(true);

    // incident.opened reached the receiver, signed.
    const delivered = await until('incident.opened delivered', async () => receiver.received.find((r) => r.event.type === 'incident.opened' && r.event.data.id === incident.id));
    expect(signatureValid(delivered.headers['pagewarden-signature'] as string, secret, delivered.body)).toBe(true);
    expect(delivered.event).toMatchObject({ workspaceId, data: { postId, status: 'open' } });

    // The 'incident' alert is in the bell (alerts.ts), linking to the incident.
    const alert = await until('the incident alert in the bell', async () => ((await client.get('/api/alerts')).json.items as any[] ?? []).find((x) => x.kind === 'incident'));
    expect(alert).toMatchObject({ link: `/incidents/${incident.id}`, read: false });
    expect(alert.title).toContain(postId);

    // A moderator closes it (once).
    const closed = await client.post(`/api/incidents/${incident.id}/close`);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json).toMatchObject({ id: incident.id, status: 'closed' });
    expect(closed.json.closedAt).toEqual(expect.any(String));
    expect((await client.post(`/api/incidents/${incident.id}/close`)).status).toBe(409);
    expect((await client.get('/api/incidents?status=closed')).json.items.map((i: any) => i.id)).toContain(incident.id);
    // Once closed, the policy is over: a new account's negative comment stays, and the burst opens no new incident.
    const late = await post({ target: postId, message: 'Pathetic company, worst customer service I have ever had', fromId: `t${randomUUID().slice(0, 8)}`, fromName: 'Troll Late' });
    await control('webhooks/flush', {});

    // Bulk restore: every hidden comment unhidden on the page, once.
    const restored = await client.post(`/api/incidents/${incident.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ incidentId: incident.id, restored: attackers.length, failed: 0 });
    for (const id of attackers) expect((await sandboxComment(id)).hidden).toBe(false);
    const again = await client.post(`/api/incidents/${incident.id}/restore`);
    expect(again.json).toMatchObject({ restored: 0, failed: 0, results: [] });
    const after = (await client.get(`/api/incidents/${incident.id}`)).json;
    expect(after.incident).toMatchObject({ restored: attackers.length, hidden: attackers.length });
    expect(after.comments.every((c: any) => c.restored && !c.isHidden)).toBe(true);

    await counted(late.id, postId);
    expect((await sandboxComment(late.id)).hidden).toBe(false);
    expect((await incidentsOn(postId)).map((i) => i.id)).toEqual([incident.id]);
    // The regular commenter's negative comment was counted but never hidden: they are not a first-time commenter.
    await counted(regular.id, postId);
    expect((await sandboxComment(regular.id)).hidden).toBe(false);
    expect(after.comments.map((c: any) => c.commentId)).not.toContain(commentId(regular.id));
  });

  it('restoring more hidden comments than RESTORE_INLINE_MAX runs as a job that reports each one', async () => {
    const now = Date.now();
    const id = `${now.toString(36).padStart(9, '0')}00c0ffee`;
    expect(await incidentStore.openIncident(workspaceId, {
      id, platform: 'facebook', postId: 'job_post', accountId: null, brandId: null, openedAt: new Date(now).toISOString(), endsAt: new Date(now + 60_000).toISOString(),
      closedAt: null, closedBy: null, burst: 5, threshold: 5, baseline: 0, hidden: 0, restoredAt: null, restored: 0, reason: `troll-attack incident ${id} on post job_post`,
    }, new Date(now).toISOString())).toBe(true);
    // Hides recorded on the incident whose Automation log entries are gone (expired): nothing to undo, each says why.
    const n = RESTORE_INLINE_MAX + 1;
    for (let i = 0; i < n; i++) {
      expect(await incidentStore.claimHidden(workspaceId, id, `facebook_gone${i}`, new Date(now).toISOString(), new Date(now - 120_000).toISOString())).toBe(true);
      await incidentStore.completeHidden(workspaceId, { incidentId: id, commentId: `facebook_gone${i}`, automationLogId: `000000000-${randomUUID()}`, at: new Date(now).toISOString(), restoredAt: null });
    }
    const res = await client.post(`/api/incidents/${id}/restore`);
    expect(res.status, res.text).toBe(202);
    const job = await finishedJob(client, res.json.job);
    expect(job.result).toMatchObject({ incidentId: id, restored: 0, failed: n });
    expect(job.result.results.every((r: any) => !r.ok && r.message === 'No such entry in the Automation log.')).toBe(true);
    expect((await client.get(`/api/incidents/${id}`)).json.incident).toMatchObject({ hidden: n, restored: 0 });
  });

  it('a claim to hide left by a process that ended mid-hide is taken over once its lease has passed; a completed one never', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const lease = 120_000;
    const id = `${now.toString(36).padStart(9, '0')}0000beef`;
    expect(await incidentStore.openIncident(workspaceId, {
      id, platform: 'facebook', postId: 'lease_post', accountId: null, brandId: null, openedAt: iso(now), endsAt: iso(now + 60_000),
      closedAt: null, closedBy: null, burst: 5, threshold: 5, baseline: 0, hidden: 0, restoredAt: null, restored: 0, reason: `troll-attack incident ${id} on post lease_post`,
    }, iso(now))).toBe(true);
    const claim = (commentId: string, at: number) => incidentStore.claimHidden(workspaceId, id, commentId, iso(at), iso(at - lease));
    expect(await claim('facebook_crashed', now - lease - 1_000)).toBe(true); // its holder ended before completing
    expect(await claim('facebook_crashed', now - 5_000)).toBe(false); // still within its lease then
    expect(await claim('facebook_crashed', now)).toBe(true); // the redelivery, after the lease: taken over
    expect(await claim('facebook_crashed', now + 1_000)).toBe(false); // the new holder's claim holds
    expect(await claim('facebook_done', now - lease - 1_000)).toBe(true);
    await incidentStore.completeHidden(workspaceId, { incidentId: id, commentId: 'facebook_done', automationLogId: 'log1', at: iso(now - lease), restoredAt: null });
    expect(await claim('facebook_done', now + 10 * lease)).toBe(false); // hidden and recorded: never again
  });

  it('bad input is named: an unknown incident is 404, a bad status filter 400', async () => {
    expect((await client.get('/api/incidents/nope')).status).toBe(404);
    expect((await client.post('/api/incidents/0000000000000000a/close')).status).toBe(404);
    const bad = await client.get('/api/incidents?status=maybe');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('status');
  });
});
