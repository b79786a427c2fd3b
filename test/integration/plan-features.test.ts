/**
 * Plans tell the truth (issue 11, item 10): each plan-gated feature is refused by the server on a
 * plan without it, with a 403 naming the plan that has it, and works on that plan. API access has
 * its own tests (api-keys.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { FEATURE_COMPARISON, PLAN_FEATURES } from '@cg/shared';
import { signedIn } from '../support/client.js';
import { makeComment, seed } from '../support/seed.js';

const workspaces = await import('../../functions/src/store/workspaces.js');

describe('plan-gated features', () => {
  it('the multi-language queue is refused on Starter, naming Growth and Ultimate; allowed on Growth; the Analytics dashboard is on every plan', async () => {
    const { client, user } = await signedIn('plan-gates');
    await seed(user.workspaceId, [makeComment({ content: 'Bonjour, livrez-vous en Belgique ?' })]);

    // Every signed-in user reaches the Analytics dashboard (spec); live updates of it are Growth's (in the app).
    expect((await client.get('/api/analytics')).status).toBe(200);
    const byLanguage = await client.get('/api/comments?language=fr');
    expect(byLanguage.status).toBe(403);
    expect(byLanguage.json.message).toMatch(/^Multi-language queue \(filter and act by language\) is included in the Growth and Ultimate plans; this workspace is on Starter\./);
    const bulk = await client.post('/api/comments/bulk', { action: 'dismiss', filter: { language: 'fr' } });
    expect(bulk.status).toBe(403);
    // What every plan has stays open.
    expect((await client.get('/api/stats')).status).toBe(200);
    expect((await client.get('/api/comments')).status).toBe(200);

    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'growth' });
    expect((await client.get('/api/analytics')).status).toBe(200);
    expect((await client.get('/api/comments?language=fr')).status).toBe(200);
    // API access stays Ultimate's.
    const keys = await client.post('/api/api-keys', { name: 'x', scopes: ['read'] });
    expect(keys.status).toBe(403);
    expect(keys.json.message).toMatch(/included in the Ultimate plan; this workspace is on Growth/);
  });

  it('the comparison table lists every gated feature with the plans that have it', () => {
    for (const f of Object.values(PLAN_FEATURES)) {
      const row = FEATURE_COMPARISON.find((r) => r.feature === f.label);
      expect(row, f.label).toBeDefined();
    }
    expect(FEATURE_COMPARISON.find((r) => r.feature === PLAN_FEATURES.api.label)!.values).toEqual(['—', '—', '✓']);
    expect(FEATURE_COMPARISON.find((r) => r.feature === PLAN_FEATURES.realtimeAnalytics.label)!.values).toEqual(['—', '✓', '✓']);
  });
});
