/** The user's own data: export, account deletion, Meta's data-deletion callback; and the scheduled automation. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Client, PASSWORD, signedIn } from '../support/client.js';
import { connectThroughSandbox, control } from '../support/meta.js';
import { decision, makeComment, seed, store } from '../support/seed.js';

const workspaces = await import('../../functions/src/store/workspaces.js');

function signedRequest(payload: object, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${createHmac('sha256', secret).update(body).digest('base64url')}.${body}`;
}

describe('export and delete', () => {
  it('export holds the profile, comments and accounts, and no token', async () => {
    const { client, user } = await signedIn('export');
    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'ultimate' });
    await connectThroughSandbox(client);
    await seed(user.workspaceId, [makeComment({ content: 'export me' })]);
    const res = await client.get('/api/user/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="pagewarden-export-/);
    expect(res.json.profile.email).toBe(user.email);
    expect(res.json.comments.map((c: { content: string }) => c.content)).toContain('export me');
    expect(res.json.accounts.length).toBeGreaterThan(0);
    expect(res.text).not.toMatch(/encryptedToken|encryptedUserToken/);
  });

  it('delete removes everything: the session, the login, the data; the email can register again', async () => {
    const { client, user, email } = await signedIn('delete');
    await seed(user.workspaceId, [makeComment()]);
    expect((await client.delete('/api/user')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await new Client().post('/api/login', { email, password: PASSWORD })).status).toBe(401);
    expect(await store.getCounters(user.workspaceId)).toEqual({});
    expect((await new Client().post('/api/register', { email, password: PASSWORD })).status).toBe(201);
  });

  it("Meta's data-deletion callback verifies the signed request and forgets that Facebook user's connections", async () => {
    await control('reset', {});
    const { client, user } = await signedIn('fbdel');
    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'ultimate' });
    await connectThroughSandbox(client);
    expect((await client.get('/api/social-accounts')).json.length).toBeGreaterThan(0);
    const state = await control('state');
    const fbUserId = state.user.id;
    const anon = new Client();
    const forged = await anon.request('POST', '/webhooks/meta/data-deletion', `signed_request=${signedRequest({ algorithm: 'HMAC-SHA256', user_id: fbUserId, issued_at: Math.floor(Date.now() / 1000) }, 'wrong')}`, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(forged.status).toBe(400);
    expect((await client.get('/api/social-accounts')).json.length).toBeGreaterThan(0);
    const ok = await anon.request('POST', '/webhooks/meta/data-deletion', `signed_request=${signedRequest({ algorithm: 'HMAC-SHA256', user_id: fbUserId, issued_at: Math.floor(Date.now() / 1000) }, process.env.META_APP_SECRET!)}`, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(ok.status).toBe(200);
    expect(ok.json.confirmation_code).toBeTruthy();
    expect((await client.get('/api/social-accounts')).json).toEqual([]);
  });
});

describe('scheduled automation', () => {
  it('re-queues comments stuck in processing; the analyser then decides them', async () => {
    const { client, user } = await signedIn('stuck');
    const c = makeComment({ status: 'processing', content: 'Do you ship to Spain?' });
    await seed(user.workspaceId, [c]);
    const { requeueStuck } = await import('../../functions/src/domain/automation.js');
    const { sqsAnalysisQueue } = await import('../../functions/src/queue/sqs.js');
    const deps = { queue: sqsAnalysisQueue, platform: null as never, notifier: { notify: async () => undefined, disconnectMember: async () => undefined } };
    expect(await requeueStuck(deps, user.workspaceId, 60_000)).toBe(0); // not stuck yet
    expect(await requeueStuck(deps, user.workspaceId, 0)).toBe(1);
    let status = '';
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && status !== 'processed'; ) {
      status = (await store.getComment(user.workspaceId, c.id))!.comment.status;
      if (status !== 'processed') await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe('processed');
    expect((await client.get('/api/stats')).status).toBe(200);
  });

  it('a duplicate analysis delivery changes nothing', async () => {
    const { user } = await signedIn('dup');
    const c = makeComment({ status: 'processed', aiDecision: decision({ decision: 'reply', suggestedReply: 'Hi' }) });
    await seed(user.workspaceId, [c]);
    const before = await store.getComment(user.workspaceId, c.id);
    const { handler } = await import('../../functions/src/handlers/analyser.js');
    const record = { messageId: 'm1', body: JSON.stringify({ workspaceId: user.workspaceId, commentId: c.id }) } as never;
    const res = await handler({ Records: [record, record] }, {} as never);
    expect(res.batchItemFailures).toEqual([]);
    expect(await store.getComment(user.workspaceId, c.id)).toEqual(before);
  });
});
