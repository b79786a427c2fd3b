/**
 * Alerts (issue 11, item 7) against the local stack: the quota at 80% alerts once (not again on the
 * next queueing), by mail (the stack's mail catcher) and to a Slack-compatible receiver started here,
 * and in the bell until marked read; a connection Meta refuses with 190 alerts "needs reconnecting";
 * comments waiting longer than the brand's response-time target alert through the automation task;
 * a bad Slack URL is a 400 naming the field.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { signedIn, type Client } from '../support/client.js';
import { mailsTo } from '../support/mail.js';
import { decision, makeComment, seed, store } from '../support/seed.js';

const usage = await import('../../functions/src/store/usage.js');
const { putAccount } = await import('../../functions/src/store/accounts.js');
const { markAutomated } = await import('../../functions/src/store/automation.js');
const { runAutomation } = await import('../../functions/src/domain/automation.js');
const { vault } = await import('../../functions/src/domain/meta-port.js');
const { moderationDeps } = await import('../../functions/src/handlers/deps.js');
const { recordDecisions } = await import('../../functions/src/domain/moderation.js');

const STARTER_QUOTA = 5_000;

/** A Slack-compatible incoming webhook on a free port: records every JSON body it receives. */
async function startSlack() {
  const received: { text: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/services/T000/B000/alerts`, received, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

/** A Facebook page account stored straight into the workspace (its brand is the page), with a token Meta does not know. */
async function storedPage(workspaceId: string, name: string) {
  const externalId = `alertpage${randomUUID().slice(0, 8)}`;
  const account = {
    id: `facebook_${externalId}`, workspaceId, platform: 'facebook' as const, accountName: name, externalId, brandId: externalId,
    encryptedToken: await vault().seal(`EAAB-unknown-${randomUUID()}`), isActive: true, needsReconnect: false, syncedUntil: null, throttledUntil: null,
    instagramId: null, encryptedUserToken: null, connectedAt: new Date().toISOString(),
  };
  await putAccount(account);
  return account;
}

/** The first live message of `type` on the workspace's socket (opened now, as the app does). */
async function liveMessage(client: Client, type: string): Promise<{ opened: Promise<void>; message: Promise<any>; close: () => void }> {
  const ws = new WebSocket(client.baseUrl.replace(/^http/, 'ws') + '/ws', { headers: { Cookie: client.cookieHeader(), Origin: client.baseUrl } });
  const opened = new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  const message = new Promise<any>((resolve) => ws.on('message', (data) => { const m = JSON.parse(String(data)); if (m.type === type) resolve(m); }));
  return { opened, message, close: () => ws.close() };
}

describe('alerts', () => {
  let slack: Awaited<ReturnType<typeof startSlack>>;
  beforeAll(async () => { slack = await startSlack(); });
  afterAll(async () => { await slack.close(); });

  it('quota at 80% alerts once, by mail, to Slack and in the bell; mark read clears the count', async () => {
    const { client, email, user } = await signedIn('alerts-quota');
    const saved = await client.put('/api/alerts/settings', { slackUrl: slack.url });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.slackUrl).toBe(slack.url);
    expect(saved.json.routes.quota_80).toEqual({ inApp: true, email: true, slack: true });

    expect((await client.get('/api/alerts')).json).toEqual({ items: [], unread: 0 });
    const live = await liveMessage(client, 'alert');
    await live.opened;
    await usage.addAnalysed(user.workspaceId, STARTER_QUOTA * 0.8 - 10);
    await seed(user.workspaceId, Array.from({ length: 20 }, () => makeComment()));
    expect((await client.post('/api/comments/bulk-analyze')).json.queued).toBe(20);

    // Crossing 80% again in the same month (more comments queued) alerts no more.
    await seed(user.workspaceId, Array.from({ length: 5 }, () => makeComment()));
    expect((await client.post('/api/comments/bulk-analyze')).json.queued).toBe(5);

    const mails = (await mailsTo(email)).filter((m) => /quota at 80%/i.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('4,010 of this month');
    const posted = slack.received.filter((m) => /quota at 80%/i.test(m.text));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toContain('5,000');

    // The open tab heard it: the bell's count, live.
    expect(await live.message).toMatchObject({ type: 'alert', count: 1, message: 'Monthly analysis quota at 80%' });
    live.close();

    const bell = (await client.get('/api/alerts')).json;
    expect(bell.unread).toBe(1);
    expect(bell.items).toHaveLength(1);
    expect(bell.items[0]).toMatchObject({ kind: 'quota_80', title: 'Monthly analysis quota at 80%', read: false });

    const read = await client.post('/api/alerts/read', { ids: [bell.items[0].id] });
    expect(read.status, read.text).toBe(200);
    expect(read.json.unread).toBe(0);
    const after = (await client.get('/api/alerts')).json;
    expect(after.unread).toBe(0);
    expect(after.items[0].read).toBe(true);
    // Marking it again counts nothing down twice.
    expect((await client.post('/api/alerts/read', { ids: [bell.items[0].id] })).json.unread).toBe(0);

    // The rest of the month's quota used: one more alert at 100%, when comments stay pending, once.
    await usage.addAnalysed(user.workspaceId, STARTER_QUOTA - (await usage.usedThisMonth(user.workspaceId)));
    await seed(user.workspaceId, [makeComment()]);
    expect((await client.post('/api/comments/bulk-analyze')).json.queued).toBe(0);
    expect((await client.post('/api/comments/bulk-analyze')).json.queued).toBe(0);
    const full = (await client.get('/api/alerts')).json;
    expect(full.unread).toBe(1);
    expect(full.items.map((a: { kind: string }) => a.kind)).toEqual(['quota_100', 'quota_80']);
    expect(slack.received.filter((m) => /quota used up/i.test(m.text))).toHaveLength(1);
    expect((await mailsTo(email)).filter((m) => /quota used up/i.test(m.subject))).toHaveLength(1);
  });

  it('a kind routed away from a channel is not sent there', async () => {
    const { client, email, user } = await signedIn('alerts-routes');
    const saved = await client.put('/api/alerts/settings', { slackUrl: slack.url, routes: { quota_80: { inApp: true, email: false, slack: false } } });
    expect(saved.status, saved.text).toBe(200);
    const before = slack.received.length;
    await usage.addAnalysed(user.workspaceId, STARTER_QUOTA * 0.8);
    await seed(user.workspaceId, [makeComment()]);
    expect((await client.post('/api/comments/bulk-analyze')).json.queued).toBe(1);
    expect((await client.get('/api/alerts')).json.unread).toBe(1);
    expect((await mailsTo(email)).filter((m) => /quota/i.test(m.subject))).toEqual([]);
    expect(slack.received.length).toBe(before);
    expect((await client.post('/api/alerts/read', { all: true })).json.unread).toBe(0);
    expect((await client.get('/api/alerts')).json.items.every((a: { read: boolean }) => a.read)).toBe(true);
  });

  it('a connection Meta refuses (190) alerts that it needs reconnecting, once', async () => {
    const { client, email, user } = await signedIn('alerts-reconnect');
    const page = await storedPage(user.workspaceId, 'Alerts Bakery');
    const sync = await client.post('/api/sync-comments');
    expect(sync.status, sync.text).toBeLessThan(300);
    expect(sync.json.needsReconnect).toEqual(['Alerts Bakery']);
    const bell = (await client.get('/api/alerts')).json;
    expect(bell.items).toHaveLength(1);
    expect(bell.items[0]).toMatchObject({ kind: 'reconnect', brandId: page.brandId, title: 'Alerts Bakery needs reconnecting', link: '/settings' });
    const mails = (await mailsTo(email)).filter((m) => /Alerts Bakery needs reconnecting/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('reconnects it in Settings');
  });

  it('comments waiting longer than the brand\'s response-time target alert through the automation task, once', async () => {
    const { client, email, user } = await signedIn('alerts-waiting');
    const page = await storedPage(user.workspaceId, 'Alerts Florist');
    const voice = await client.put(`/api/brands/${page.brandId}/voice`, { responseTargetMinutes: 30 });
    expect(voice.status, voice.text).toBe(200);
    expect(voice.json.responseTargetMinutes).toBe(30);
    // The brand's report measures replies against the same target.
    const report = await client.get(`/api/reports?range=7d&brandId=${page.brandId}`);
    expect(report.status, report.text).toBe(200);
    expect(report.json.responseTimes.targetMinutes).toBe(30);
    expect((await client.get('/api/reports?range=7d')).json.responseTimes.targetMinutes).toBe(60);
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    await seed(user.workspaceId, [
      makeComment({ accountId: page.id, timestamp: minutesAgo(45), content: 'Is anyone there?' }),
      makeComment({ accountId: page.id, timestamp: minutesAgo(40), content: 'Hello?' }),
      makeComment({ accountId: page.id, timestamp: minutesAgo(5), content: 'Just asked' }),
    ]);
    await markAutomated(user.workspaceId);
    await runAutomation(moderationDeps, 'requeue');
    await runAutomation(moderationDeps, 'requeue');

    const overdue = (await client.get('/api/alerts')).json.items.filter((a: { kind: string }) => a.kind === 'response_overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ brandId: page.brandId, title: 'Comments on Alerts Florist waiting longer than 30 minutes' });
    expect(overdue[0].detail).toContain('2 comments have waited');
    expect((await mailsTo(email)).filter((m) => /Alerts Florist waiting longer/.test(m.subject))).toHaveLength(1);
  });

  it('a brand\'s overdue comments alert even when the queue\'s oldest are another brand\'s, still within its longer target', async () => {
    const { client, user } = await signedIn('alerts-waiting-brands');
    const patient = await storedPage(user.workspaceId, 'Alerts Library');
    const busy = await storedPage(user.workspaceId, 'Alerts Cafe');
    expect((await client.put(`/api/brands/${patient.brandId}/voice`, { responseTargetMinutes: 600 })).status).toBe(200);
    expect((await client.put(`/api/brands/${busy.brandId}/voice`, { responseTargetMinutes: 30 })).status).toBe(200);
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    // 80 comments on the patient brand, 2 hours old (within its 10 hours); behind them, the busy brand's 40 minutes old (past its 30).
    await seed(user.workspaceId, [
      ...Array.from({ length: 80 }, (_, i) => makeComment({ accountId: patient.id, timestamp: minutesAgo(120 + i / 10), content: `Question ${i}` })),
      makeComment({ accountId: busy.id, timestamp: minutesAgo(40), content: 'Are you open today?' }),
      makeComment({ accountId: busy.id, timestamp: minutesAgo(35), content: 'Hello?' }),
    ]);
    await markAutomated(user.workspaceId);
    await runAutomation(moderationDeps, 'requeue');

    const overdue = (await client.get('/api/alerts')).json.items.filter((a: { kind: string }) => a.kind === 'response_overdue');
    expect(overdue.map((a: { brandId: string }) => a.brandId)).toEqual([busy.brandId]);
    expect(overdue[0].detail).toContain('2 comments have waited in the queue of Alerts Cafe longer than its 30-minute response-time target');
  });

  it('a surge of negative comments on a brand this hour alerts once, from counts kept as decisions are written', async () => {
    const { client, user } = await signedIn('alerts-surge');
    const page = await storedPage(user.workspaceId, 'Alerts Diner');
    // The surge is judged per UTC hour: this process's clock stays in the middle of the current
    // hour, so the run cannot straddle an hour's end (only Date is faked; timers and I/O are real).
    const HOUR = 3_600_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / HOUR) * HOUR + HOUR / 2);
    try {
      const notifier = { notify: async () => undefined, disconnectMember: async () => undefined };
      /** Decides `n` fresh comments of the page as the analyser would, `negative` of them negative. */
      async function decide(n: number, negative: number) {
        const comments = Array.from({ length: n }, () => makeComment({ accountId: page.id, status: 'processing', timestamp: new Date().toISOString() }));
        await seed(user.workspaceId, comments);
        const stored = await store.getComments(user.workspaceId, comments.map((c) => c.id));
        await recordDecisions({ notifier }, user.workspaceId, stored.map((s, i) => ({ stored: s, outcome: { decision: decision({ sentiment: i < negative ? 'negative' : 'positive' }) } })));
      }
      await decide(9, 9); // below the minimum of 10 negative in the hour: no surge yet
      expect((await client.get('/api/alerts')).json.items).toEqual([]);
      await decide(6, 3); // 12 of 15 negative this hour, against a silent day
      const surges = (await client.get('/api/alerts')).json.items.filter((a: { kind: string }) => a.kind === 'negative_surge');
      // One for the brand and one for the workspace as a whole (both scopes crossed), never repeated.
      expect(surges.map((a: { brandId: string | null }) => a.brandId).sort()).toEqual([page.brandId, null].sort());
      expect(surges.find((a: { brandId: string | null }) => a.brandId)!.title).toBe('Surge of negative comments on Alerts Diner');
      expect(surges[0].detail).toContain('12 of 15 comments');
      await decide(5, 5);
      expect((await client.get('/api/alerts')).json.items.filter((a: { kind: string }) => a.kind === 'negative_surge')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a bad Slack URL or a stranger as mail recipient is a 400 naming the field; nothing is saved', async () => {
    const { client } = await signedIn('alerts-bad');
    for (const slackUrl of ['not a url', 'ftp://hooks.example.com/x', 'https://user:secret@hooks.example.com/x']) {
      const res = await client.put('/api/alerts/settings', { slackUrl });
      expect(res.status, slackUrl).toBe(400);
      expect(res.json.message).toMatch(/Slack webhook URL/);
      expect(JSON.stringify(res.json)).toContain('slackUrl');
    }
    const stranger = await client.put('/api/alerts/settings', { emailRecipients: ['no-such-user'] });
    expect(stranger.status).toBe(400);
    expect(stranger.json.message).toContain('no-such-user');
    const badKind = await client.put('/api/alerts/settings', { routes: { nonsense: { inApp: true, email: true, slack: true } } });
    expect(badKind.status).toBe(400);
    expect((await client.get('/api/alerts/settings')).json.slackUrl).toBeNull();
  });
});
