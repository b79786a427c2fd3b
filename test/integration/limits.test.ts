/** Plan limits held by the server: the monthly analysis quota pauses analysis (comments stay pending) and the brand limit. */
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/client.js';
import { connectThroughSandbox, control } from '../support/meta.js';
import { makeComment, seed, store } from '../support/seed.js';

const workspaces = await import('../../functions/src/store/workspaces.js');
const usage = await import('../../functions/src/store/usage.js');
const { QUOTA_NOTICE } = await import('../../functions/src/domain/limits.js');

describe('plan limits', () => {
  it('past the Starter quota, analysis pauses with a notice and comments stay pending; an upgrade lifts it', async () => {
    const { client, user } = await signedIn('quota');
    await usage.addAnalysed(user.workspaceId, 5_000);
    const c = makeComment();
    await seed(user.workspaceId, [c]);
    const refused = await client.post(`/api/comments/${c.id}/process`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(QUOTA_NOTICE);
    const bulk = await client.post('/api/comments/bulk-analyze');
    expect(bulk.json.queued).toBe(0);
    expect((await store.getComment(user.workspaceId, c.id))!.comment.status).toBe('pending');
    expect((await client.get('/api/user')).json.notice).toBe(QUOTA_NOTICE);
    // Stats stay available (the analytics dashboard is Growth's: plan-features.test.ts).
    expect((await client.get('/api/stats')).status).toBe(200);
    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'growth' });
    expect((await client.post(`/api/comments/${c.id}/process`)).status).toBe(202);
  });

  it('connecting more brands than the plan allows connects what fits and names the rest; a plan with no room is refused; an upgrade lifts it', async () => {
    await control('reset', {});
    const { client, user } = await signedIn('brands');
    expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
    const accounts = (await client.get('/api/social-accounts')).json;
    expect(accounts.filter((a: { platform: string }) => a.platform === 'facebook')).toHaveLength(1);
    expect((await client.get('/api/user')).json.notice).toMatch(/^Your Starter plan allows 1 brand\. Upgrade to connect more\. Not connected: /);
    // A reconnect on the full plan still refreshes the connected brand (and names the other again).
    expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
    expect((await client.get('/api/social-accounts')).json).toHaveLength(accounts.length);
    // A plan with no room at all for any of the pages is refused.
    const other = await signedIn('full');
    const { putAccount } = await import('../../functions/src/store/accounts.js');
    await putAccount({ id: 'fb_elsewhere', workspaceId: other.user.workspaceId, platform: 'facebook', accountName: 'Another brand', externalId: 'elsewhere', brandId: 'elsewhere', encryptedToken: null, isActive: true, needsReconnect: false, syncedUntil: null, throttledUntil: null, instagramId: null, encryptedUserToken: null, connectedAt: new Date().toISOString() });
    expect(await connectThroughSandbox(other.client)).toBe('/settings?error=plan_limit');
    // An upgrade lifts the limit.
    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'growth' });
    expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
    expect((await client.get('/api/social-accounts')).json.filter((a: { platform: string }) => a.platform === 'facebook')).toHaveLength(2);
  });
});
