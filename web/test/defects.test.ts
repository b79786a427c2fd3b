/** The defects of issue 12 a new moderator met, each seen in the browser against a mocked API. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, MockApi, newSession } from './support/harness';
import { analytics, queue, signedIn, stats, user } from './support/fixtures';

const suite = browserSuite();

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

describe('failures are shown as errors', () => {
  test('a failed queue is an error with a retry, never "No comments found"', async () => {
    let fail = true;
    const api = signedIn(new MockApi()).on('GET /api/comments', () =>
      fail ? { status: 500, json: { message: 'The comments could not be read.' } } : { json: { comments: queue, total: queue.length } });
    api.on('GET /api/activity', { status: 503, json: { message: 'Service unavailable' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    const alert = page.getByRole('alert').filter({ hasText: 'The comments could not be read.' });
    await alert.waitFor();
    expect(await page.getByText('No comments found. Try syncing to fetch new comments.').count()).toBe(0);
    // The sidebar's activity failed too: an error, not "No recent activity".
    await page.getByRole('alert').filter({ hasText: 'Service unavailable' }).waitFor();
    expect(await page.getByText('No recent activity').count()).toBe(0);
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Rita Reply').waitFor();
    await context.close();
  });

  test('a failed All Comments load and a failed analytics load are errors', async () => {
    const api = signedIn(new MockApi())
      .on('GET /api/comments', { status: 502, body: '' })
      .on('GET /api/analytics', { status: 500, body: '' })
      .on('GET /api/user', { json: { ...user, subscriptionPlan: 'growth' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/comments`);
    await page.getByRole('alert').filter({ hasText: 'Failed to load the comments.' }).waitFor();
    expect(await page.getByText('No comments match your search criteria').count()).toBe(0);
    await page.goto(`${suite.origin}/analytics`);
    await page.getByRole('alert').filter({ hasText: 'Failed to load the analytics.' }).waitFor();
    expect(await page.getByText('No analytics data available yet.').count()).toBe(0);
    await context.close();
  });
});

describe('first run and sync', () => {
  test('nothing connected: the dashboard leads to Connect, and Sync says so and opens Settings', async () => {
    const api = signedIn(new MockApi(), { comments: [], total: 0 })
      .on('GET /api/social-accounts', { json: [] })
      .on('POST /api/sync-comments', { json: { added: 0, queued: 0, accounts: 0, throttled: 0, needsReconnect: 0, more: false } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByRole('button', { name: 'Connect Facebook or Instagram' }).waitFor();
    expect(await page.getByText('No comments found. Try syncing to fetch new comments.').count()).toBe(0);
    await page.getByRole('button', { name: 'Sync Comments' }).click();
    await page.getByText(/No account is connected yet/).waitFor();
    await page.waitForURL(`${suite.origin}/settings`);
    expect(await page.getByText('Comments synced successfully').count()).toBe(0);
    await context.close();
  });

  test('with accounts connected, an empty queue keeps the spec text', async () => {
    const api = signedIn(new MockApi(), { comments: [], total: 0 });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByText('No comments found. Try syncing to fetch new comments.').waitFor();
    expect(await page.getByTestId('first-run').count()).toBe(0);
    await context.close();
  });
});

describe('live updates', () => {
  test('a dropped socket shows the paused banner; after reconnecting it goes and the queue is fetched once', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByText('Rita Reply').waitFor();
    await expect.poll(() => api.sockets.length).toBeGreaterThan(0);
    const opened = api.sockets.length;
    const before = api.calls('GET /api/comments').length;
    await api.sockets.at(-1)!.close();
    const banner = page.getByTestId('live-paused');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Live updates are paused/);
    await expect.poll(() => api.sockets.length, { timeout: 10_000 }).toBe(opened + 1);
    await banner.waitFor({ state: 'hidden' });
    await expect.poll(() => api.calls('GET /api/comments').length).toBe(before + 1);
    await context.close();
  });
});

describe('screens', () => {
  test('AI Accuracy is "—" until a decision was reviewed', async () => {
    const api = signedIn(new MockApi()).on('GET /api/stats', { json: { ...stats, accuracyRate: 0, reviewed: 0 } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByText('Rita Reply').waitFor();
    expect(await page.getByTestId('ai-accuracy').textContent()).toBe('—');
    await context.close();
  });

  test('the account notice can be dismissed and stays dismissed', async () => {
    const notice = 'Your Starter plan allows 1 brand. Not connected: Acme Tea.';
    const api = signedIn(new MockApi(), { user: { ...user, notice } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByText(notice).waitFor();
    await page.getByRole('button', { name: 'Dismiss notice' }).click();
    await page.getByText(notice).waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByText('Rita Reply').waitFor();
    expect(await page.getByText(notice).count()).toBe(0);
    await context.close();
  });

  test('Cancel on the consent page says "Connection cancelled", not "Connection failed"', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings?error=cancelled`);
    await page.getByText('Connection cancelled', { exact: true }).waitFor();
    expect(await page.getByText('Connection failed', { exact: true }).count()).toBe(0);
    await context.close();
  });

  test('Comment Actions add up to the total; pie labels stay inside the chart', async () => {
    const api = signedIn(new MockApi(), { user: { ...user, subscriptionPlan: 'growth' } }).on('GET /api/analytics', { json: { ...analytics, repliedComments: 50, deletedComments: 12, pendingComments: 98 } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/analytics`);
    const actions = page.getByRole('region', { name: 'Comment Actions' });
    await actions.getByText('Reviewed, kept or hidden').waitFor();
    const counts = await actions.locator('.cg-list-row > span:last-child').evaluateAll((els) => els.map((e) => Number(e.childNodes[0]!.textContent!.replace(/[^0-9]/g, ''))));
    expect(counts).toEqual([50, 12, 40, 98]);
    const fig = page.locator('.cg-figure');
    await page.locator('.cg-pie-label').first().waitFor();
    const box = (await fig.boundingBox())!;
    const labels = await page.locator('.cg-pie-label').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    expect(labels).toHaveLength(3);
    for (const l of labels) {
      expect(l.left).toBeGreaterThanOrEqual(box.x);
      expect(l.right).toBeLessThanOrEqual(box.x + box.width);
    }
    await context.close();
  });
});

describe('layout', () => {
  for (const width of [1366, 1440]) {
    test(`All Comments fits at ${width} px: no scrolling, neither the page nor the table`, async () => {
      const api = signedIn(new MockApi());
      const { page, context } = await newSession(suite.browser, api, { width, height: 900 });
      await page.goto(`${suite.origin}/comments`);
      await page.getByTestId('comment-row').first().waitFor();
      const wrap = page.locator('.cg-table-wrap');
      expect(await wrap.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await pageScrollsSideways(page)).toBe(false);
      await context.close();
    });
  }

  for (const path of ['/dashboard', '/comments']) {
    test(`phone (390x844): ${path} does not scroll the page sideways`, async () => {
      const api = signedIn(new MockApi());
      const { page, context } = await newSession(suite.browser, api, { width: 390, height: 844 });
      await page.goto(`${suite.origin}${path}`);
      await page.getByText('Rita Reply').first().waitFor();
      expect(await pageScrollsSideways(page)).toBe(false);
      await context.close();
    });
  }
});
