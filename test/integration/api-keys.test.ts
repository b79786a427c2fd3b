/** The public API's keys (issue 11, item 9): created once, stored hashed, scoped, revocable, plan-gated and rate-limited per key. */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, signedIn } from '../support/client.js';
import { makeComment, seed } from '../support/seed.js';

const workspaces = await import('../../functions/src/store/workspaces.js');
const { db, table } = await import('../../functions/src/store/client.js');
const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');

/** A client that sends only `Authorization: Bearer <key>` (no cookies), as an integration would. */
function bearer(key: string) {
  const c = new Client();
  return {
    get: (path: string) => c.request('GET', path, undefined, { Authorization: `Bearer ${key}` }),
    post: (path: string, body?: unknown) => c.request('POST', path, body ?? {}, { Authorization: `Bearer ${key}` }),
  };
}

describe('API keys', () => {
  let owner: Client;
  let workspaceId: string;
  beforeAll(async () => {
    const s = await signedIn('apikeys');
    owner = s.client;
    workspaceId = s.user.workspaceId;
    await workspaces.setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', subscriptionStatus: 'active' });
  });

  it('creation answers 201 with the key once; the list and the table hold no secret, only its SHA-256', async () => {
    const res = await owner.post('/api/api-keys', { name: 'Zapier', scopes: ['read'] });
    expect(res.status).toBe(201);
    const { key, id } = res.json;
    expect(key).toMatch(/^pw_live_[A-Za-z0-9_-]{40,}$/);
    expect(res.json).toMatchObject({ name: 'Zapier', scopes: ['read'], lastUsedAt: null });
    expect(key.startsWith(res.json.prefix)).toBe(true);
    const list = await owner.get('/api/api-keys');
    expect(list.status).toBe(200);
    const listed = list.json.find((k: any) => k.id === id);
    expect(Object.keys(listed).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix', 'scopes']);
    expect(list.text).not.toContain(key);
    // Stored: the hash, never the key.
    const items = (await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `WS#${workspaceId}` } }))).Items ?? [];
    const stored = JSON.stringify(items);
    expect(stored).not.toContain(key);
    expect(stored).toContain(createHash('sha256').update(key).digest('hex'));
  });

  it('a read key lists comments but cannot act (403 naming the moderate scope); a moderate key acts; neither manages', async () => {
    const c = makeComment();
    await seed(workspaceId, [c]);
    const read = bearer((await owner.post('/api/api-keys', { name: 'Reader', scopes: ['read'] })).json.key);
    const moderate = bearer((await owner.post('/api/api-keys', { name: 'Bot', scopes: ['moderate'] })).json.key);

    const listed = await read.get('/api/comments');
    expect(listed.status).toBe(200);
    expect(listed.json.comments.map((x: any) => x.id)).toContain(c.id);

    const refused = await read.post(`/api/comments/${c.id}/dismiss`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/needs the moderate scope/);

    const done = await moderate.post(`/api/comments/${c.id}/dismiss`);
    expect(done.status).toBe(200);
    expect(done.json.status).toBe('approved');

    // Managing the workspace and one's own account are never open to keys.
    for (const key of [read, moderate]) {
      const manage = await key.get('/api/api-keys');
      expect(manage.status).toBe(403);
      expect(manage.json.message).toMatch(/API keys cannot call this route/);
      expect((await key.get('/api/user')).status).toBe(403);
    }
    // The last use is recorded.
    const keys = (await owner.get('/api/api-keys')).json;
    expect(keys.find((k: any) => k.name === 'Bot').lastUsedAt).not.toBeNull();
  });

  it('a revoked key is refused at once (401); an unknown or malformed one too', async () => {
    const created = (await owner.post('/api/api-keys', { name: 'Short-lived', scopes: ['read'] })).json;
    const key = bearer(created.key);
    expect((await key.get('/api/comments')).status).toBe(200);
    expect((await owner.delete(`/api/api-keys/${created.id}`)).status).toBe(200);
    expect((await key.get('/api/comments')).status).toBe(401);
    expect((await owner.get('/api/api-keys')).json.some((k: any) => k.id === created.id)).toBe(false);
    expect((await owner.delete(`/api/api-keys/${created.id}`)).status).toBe(404);
    expect((await bearer(`pw_live_${'x'.repeat(43)}`).get('/api/comments')).status).toBe(401);
    expect((await bearer('not-a-key').get('/api/comments')).status).toBe(401);
  });

  it('only owners and admins manage keys', async () => {
    const viewer = await signedIn('apikey-viewer');
    const inv = await owner.post('/api/workspace/invitations', { email: viewer.email, role: 'viewer' });
    expect(inv.status).toBe(201);
    expect((await viewer.client.post('/api/invitations/accept', { token: inv.json.token })).status).toBe(200);
    const refused = await viewer.client.post('/api/api-keys', { name: 'Mine', scopes: ['read'] });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/owner or admin/);
  });

  it('each key has its own per-minute limit: past it, 429 with Retry-After', async () => {
    const limited = bearer((await owner.post('/api/api-keys', { name: 'Busy', scopes: ['read'] })).json.key);
    const other = bearer((await owner.post('/api/api-keys', { name: 'Quiet', scopes: ['read'] })).json.key);
    // The limit is 30 a minute in the tests (global-setup): within two windows the 429 must come.
    let throttled: Awaited<ReturnType<typeof limited.get>> | null = null;
    let ok = 0;
    for (let i = 0; i < 61 && !throttled; i++) {
      const r = await limited.get('/api/stats');
      if (r.status === 429) throttled = r; else { expect(r.status).toBe(200); ok++; }
    }
    expect(throttled).not.toBeNull();
    expect(ok).toBeGreaterThanOrEqual(30);
    expect(throttled!.json.message).toMatch(/over its limit of 30 requests a minute/);
    expect(Number(throttled!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key of the same workspace is not affected.
    expect((await other.get('/api/stats')).status).toBe(200);
  });
});

describe('API access is an Ultimate feature', () => {
  it('on another plan creating a key is refused with a 403 naming Ultimate; a key made before a downgrade stops working', async () => {
    const { client, user } = await signedIn('apikeys-plan');
    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'growth', subscriptionStatus: 'active' });
    const refused = await client.post('/api/api-keys', { name: 'Nope', scopes: ['read'] });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('API access and outgoing webhooks is included in the Ultimate plan; this workspace is on Growth. Upgrade to Ultimate to use it.');
    expect((await client.post('/api/webhooks', { url: 'https://example.com/hook', events: ['comment.received'] })).status).toBe(403);

    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'ultimate' });
    const key = bearer((await client.post('/api/api-keys', { name: 'Before', scopes: ['read'] })).json.key);
    expect((await key.get('/api/comments')).status).toBe(200);
    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'starter' });
    const after = await key.get('/api/comments');
    expect(after.status).toBe(403);
    expect(after.json.message).toMatch(/included in the Ultimate plan; this workspace is on Starter/);
  });
});
