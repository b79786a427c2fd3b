/**
 * The Incidents view (issue 11 item 4) in a real browser against the local stack: with none, the
 * page says so; with an open troll-attack incident (stored as the Meta events consumer stores it,
 * with a comment it hid) the dashboard shows a banner linking to it, the list shows it open, its
 * page lists the hidden comment, and closing it there (after a confirmation) shows it closed.
 * The attack itself, the hiding on Meta and the bulk restore run through the Meta sandbox in
 * test/integration/incidents.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage, person, registerInUi, shot, startBrowser, type E2E } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));
const { decision, makeComment, seed } = await import('../support/seed.js');
const incidents = await import('../../functions/src/store/incidents.js');

let e2e: E2E;
let owner: { context: BrowserContext; page: Page };

async function workspaceId(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { workspaceId: string }).workspaceId);
}

beforeAll(async () => {
  e2e = await startBrowser();
  owner = await newPage(e2e.browser);
  await registerInUi(owner.page, person('incidents', 'Ivy', 'Incident'));
});
afterAll(async () => {
  await owner?.context.close();
  await e2e?.close();
});

describe('Incidents view', () => {
  it('with no incident: the page says so and the dashboard shows no banner', async () => {
    const { page } = owner;
    await page.getByRole('link', { name: 'Incidents' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Incidents' }).waitFor();
    await expect.poll(() => page.getByTestId('incidents-empty').textContent()).toContain('No troll attack so far');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByTestId('incident-banner').count()).toBe(0);
  });

  it('an open incident: a banner on the dashboard, its page lists what it hid, and a moderator closes it', async () => {
    const { page } = owner;
    const ws = await workspaceId(page);
    const now = Date.now();
    const id = `${now.toString(36).padStart(9, '0')}0a1b2c3d`;
    const postId = '1234567890_42';
    const hidden = makeComment({ postId, content: 'Worst brand ever, disgusting and dishonest people', authorName: 'Troll One', timestamp: new Date(now - 60_000).toISOString(), status: 'approved', isHidden: true, aiDecision: decision({ sentiment: 'negative', isOffensive: true, decision: 'hide' }) });
    await seed(ws, [hidden]);
    expect(await incidents.openIncident(ws, {
      id, platform: 'facebook', postId, accountId: null, brandId: null, openedAt: new Date(now).toISOString(), endsAt: new Date(now + 2 * 3_600_000).toISOString(),
      closedAt: null, closedBy: null, burst: 7, threshold: 5, baseline: 0.25, hidden: 0, restoredAt: null, restored: 0, reason: `troll-attack incident ${id} on post ${postId}`,
    }, new Date(now).toISOString())).toBe(true);
    expect(await incidents.claimHidden(ws, id, hidden.id, new Date(now).toISOString(), new Date(now - 120_000).toISOString())).toBe(true);
    await incidents.completeHidden(ws, { incidentId: id, commentId: hidden.id, automationLogId: 'none', at: new Date(now).toISOString(), restoredAt: null });

    await page.reload();
    const banner = page.getByTestId('incident-banner');
    await expect.poll(() => banner.textContent()).toContain(`Post ${postId}`);
    await shot(page, 'incident-banner');
    await banner.getByRole('link', { name: 'Review the incident' }).click();
    await page.waitForURL(`**/incidents/${id}`);
    await page.getByRole('heading', { level: 1, name: `Troll attack on post ${postId}` }).waitFor();
    const row = page.getByTestId('incident-comment');
    await expect.poll(() => row.textContent()).toContain('Worst brand ever');
    expect(await row.textContent()).toContain('Troll One');
    expect(await page.getByRole('button', { name: 'Restore 1 hidden comment' }).count()).toBe(1);
    await shot(page, 'incident-page');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Close incident' }).click();
    await expect.poll(() => page.getByText('Closed', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('by Ivy Incident').count()).toBe(1);

    await page.getByRole('link', { name: '← All incidents' }).click();
    const listed = page.getByTestId('incident-row');
    await expect.poll(() => listed.textContent()).toContain(postId);
    expect(await listed.textContent()).toContain('Closed');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByTestId('incident-banner').count()).toBe(0);
  });
});
