import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, browserSuite, MockApi, newSession, screenshot } from './support/harness';
import { signedIn, user } from './support/fixtures';

const suite = browserSuite();

function withActions(api: MockApi): MockApi {
  for (const a of ['process', 'approve', 'override', 'update-reply', 'reply']) {
    api.on(`POST /api/comments/c-pending/${a}`, { json: { ok: true } });
    api.on(`POST /api/comments/c-reply/${a}`, { json: { ok: true } });
    api.on(`POST /api/comments/c-delete/${a}`, { json: { ok: true } });
    api.on(`POST /api/comments/c-hide/${a}`, { json: { ok: true } });
  }
  return api.on('POST /api/sync-comments', { json: { ok: true } }).on('POST /api/comments/bulk-analyze', { json: { ok: true } });
}

async function openDashboard(page: Page, path = '/') {
  await page.goto(`${suite.origin}${path}`);
  await page.getByRole('heading', { name: 'Comments Queue' }).waitFor();
  await page.getByText('Rita Reply').waitFor();
}

const card = (page: Page, id: string) => page.locator(`[data-comment-id="${id}"]`);

describe('dashboard', () => {
  test('layout, stat cards, sidebar and every card state render; no serious axe violation', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await openDashboard(page);
    // Dashboard is the active nav link at /.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    for (const t of ['Facebook Comments', 'Instagram Comments', 'Auto Replies Sent', 'Comments Deleted']) await page.getByText(t, { exact: true }).waitFor();
    // Sidebar: 120 + 80 comments, first 5 activity entries only.
    await page.getByText('200', { exact: true }).waitFor();
    expect(await page.getByText(/^Replied to comment #/).count()).toBe(5);
    await page.getByRole('progressbar', { name: 'AI Accuracy' }).waitFor();
    // Card states.
    await card(page, 'c-processing').getByText('AI Processing...').waitFor();
    await card(page, 'c-pending').getByRole('button', { name: 'Process with AI' }).waitFor();
    await card(page, 'c-reply').getByText('Yes, we ship to Canada within 5 days.').waitFor();
    await card(page, 'c-delete').getByText('Promotional spam with an external link.').waitFor();
    await card(page, 'c-hide').getByRole('button', { name: 'Confirm Hide' }).waitFor();
    // Every card offers every action, whatever the AI decided ("ignore" included).
    for (const name of ['Approve', 'Reply', 'Hide', 'Delete', 'Dismiss']) await card(page, 'c-ignore').getByRole('button', { name, exact: true }).waitFor();
    // Context on every card: brand, account, the post (an ad here), the author's history, the link to the platform.
    await card(page, 'c-ignore').scrollIntoViewIfNeeded();
    const ctx = card(page, 'c-ignore').getByTestId('comment-context');
    await ctx.getByText('Acme Shoes').waitFor();
    await ctx.getByText('Ad', { exact: true }).waitFor();
    await ctx.getByText('3 comments, 1 hidden, 0 deleted', { exact: false }).waitFor();
    expect(await ctx.getByRole('link', { name: /View on Instagram/ }).getAttribute('href')).toBe('https://example.com/c/c-ignore');
    // User menu: initials and display name.
    await page.getByRole('button', { name: 'Account menu for Ada Lovelace' }).getByText('AL').waitFor();
    await screenshot(page, 'dashboard');
    expect(await axeViolations(page)).toEqual([]);
    // Initial queue request: pendingOnly with limit 25 and offset 0.
    const q = api.calls('GET /api/comments')[0]!.query;
    expect(Object.fromEntries(q)).toEqual({ limit: '25', offset: '0', pendingOnly: 'true' });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('card actions send the right calls', async () => {
    const api = withActions(signedIn(new MockApi()));
    const { page, context } = await newSession(suite.browser, api);
    await openDashboard(page, '/dashboard');

    await card(page, 'c-pending').getByRole('button', { name: 'Process with AI' }).click();
    await expect.poll(() => api.calls('POST /api/comments/c-pending/process').length).toBe(1);

    await card(page, 'c-reply').getByRole('button', { name: 'Approve Reply' }).click();
    await page.getByText('AI decision approved and action executed').waitFor();
    expect(api.calls('POST /api/comments/c-reply/approve')).toHaveLength(1);

    // Edit, then cancel: original text restored, nothing sent.
    await card(page, 'c-reply').getByRole('button', { name: 'Edit Reply' }).click();
    const area = card(page, 'c-reply').getByLabel('Edit reply');
    expect(await area.getAttribute('rows')).toBe('3');
    await area.fill('Something else');
    await card(page, 'c-reply').getByRole('button', { name: 'Cancel' }).click();
    await card(page, 'c-reply').getByText('Yes, we ship to Canada within 5 days.').waitFor();
    expect(api.calls('POST /api/comments/c-reply/update-reply')).toHaveLength(0);
    await card(page, 'c-reply').getByRole('button', { name: 'Edit Reply' }).click();
    expect(await card(page, 'c-reply').getByLabel('Edit reply').inputValue()).toBe('Yes, we ship to Canada within 5 days.');

    // Edit, then save.
    await card(page, 'c-reply').getByLabel('Edit reply').fill('Yes! Shipping to Canada takes 5 days.');
    await card(page, 'c-reply').getByRole('button', { name: 'Save' }).click();
    await page.getByText('The suggested reply has been updated successfully.').waitFor();
    expect(api.calls('POST /api/comments/c-reply/update-reply')[0]!.body).toEqual({ suggestedReply: 'Yes! Shipping to Canada takes 5 days.' });

    await card(page, 'c-reply').getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => api.calls('POST /api/comments/c-reply/override').length).toBe(1);
    expect(api.calls('POST /api/comments/c-reply/override')[0]!.body).toEqual({ action: 'ignore' });

    await card(page, 'c-delete').getByRole('button', { name: 'Confirm Delete' }).click();
    await expect.poll(() => api.calls('POST /api/comments/c-delete/approve').length).toBe(1);
    // Reply Instead opens the editor with the draft and posts what the moderator sends.
    await card(page, 'c-delete').getByRole('button', { name: 'Reply Instead' }).click();
    await card(page, 'c-delete').getByLabel('Your reply').fill('Please contact us in private.');
    await card(page, 'c-delete').getByRole('button', { name: 'Post Reply' }).click();
    await expect.poll(() => api.calls('POST /api/comments/c-delete/reply').length).toBe(1);
    expect(api.calls('POST /api/comments/c-delete/reply')[0]!.body).toEqual({ message: 'Please contact us in private.' });
    await card(page, 'c-delete').getByRole('button', { name: 'Keep Comment' }).click();
    await expect.poll(() => api.calls('POST /api/comments/c-delete/override').length).toBe(1);
    expect(api.calls('POST /api/comments/c-delete/override')[0]!.body).toEqual({ action: 'ignore' });

    await card(page, 'c-hide').getByRole('button', { name: 'Confirm Hide' }).click();
    await expect.poll(() => api.calls('POST /api/comments/c-hide/approve').length).toBe(1);

    // Sidebar actions.
    await page.getByRole('button', { name: 'Sync Comments' }).click();
    await page.getByText('Comments synced successfully').waitFor();
    await page.getByRole('button', { name: 'Process All Comments' }).click();
    await page.getByText('Bulk actions completed successfully').waitFor();
    // At most one toast at a time.
    expect(await page.locator('.cg-toast').count()).toBe(1);
    // Mutations are JSON with the content type when they carry a body.
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a failed action shows the destructive notice with the fallback text', async () => {
    const api = signedIn(new MockApi()).on('POST /api/comments/c-reply/approve', { status: 502, body: '' });
    const { page, context } = await newSession(suite.browser, api);
    await openDashboard(page);
    await card(page, 'c-reply').getByRole('button', { name: 'Approve Reply' }).click();
    await page.getByRole('alert').getByText('Failed to approve comment').waitFor();
    await context.close();
  });

  test('paging: platform filter and page size reset the page; offset is sent with the platform too', async () => {
    const api = signedIn(new MockApi(), { total: 60 });
    const { page, context } = await newSession(suite.browser, api);
    await openDashboard(page);
    const indicator = page.getByTestId('page-indicator');
    await indicator.getByText('Page 1 of 3').waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await indicator.getByText('Page 2 of 3').waitFor();
    await expect.poll(() => api.calls('GET /api/comments').some((r) => r.query.get('offset') === '25')).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await indicator.getByText('Page 3 of 3').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Changing the platform resets to page 1; paging within a platform sends the offset too.
    await page.getByLabel('Platform').selectOption('facebook');
    await indicator.getByText('Page 1 of 3').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await indicator.getByText('Page 2 of 3').waitFor();
    await expect
      .poll(() => api.calls('GET /api/comments').map((r) => Object.fromEntries(r.query)))
      .toContainEqual({ platform: 'facebook', limit: '25', offset: '25', pendingOnly: 'true' });

    // Page size 10 resets to page 1 and recomputes the page count.
    await page.getByLabel('Per page').selectOption('10');
    await indicator.getByText('Page 1 of 6').waitFor();
    await expect
      .poll(() => api.calls('GET /api/comments').map((r) => Object.fromEntries(r.query)))
      .toContainEqual({ platform: 'facebook', limit: '10', offset: '0', pendingOnly: 'true' });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('empty queue shows the spec text', async () => {
    const api = signedIn(new MockApi(), { comments: [], total: 0 });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByText('No comments found. Try syncing to fetch new comments.').waitFor();
    await context.close();
  });

  test('new comments are announced in a bar, not put under the pointer; the bar loads them', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await openDashboard(page);
    await expect.poll(() => api.sockets.length).toBeGreaterThan(0);
    const before = api.calls('GET /api/comments').length;
    api.sockets.at(-1)!.send(JSON.stringify({ type: 'new_comments', count: 3 }));
    const bar = page.getByRole('button', { name: /^3 new comments/ });
    await bar.waitFor();
    // Counts move at once; stats and activity are fetched again, the list is not.
    await expect.poll(() => api.calls('GET /api/stats').length).toBeGreaterThan(1);
    await expect.poll(() => api.calls('GET /api/activity').length).toBeGreaterThan(1);
    expect(api.calls('GET /api/comments').length).toBe(before);
    await bar.click();
    await expect.poll(() => api.calls('GET /api/comments').length).toBe(before + 1);
    await bar.waitFor({ state: 'hidden' });
    await context.close();
  });

  test('phone width: nav hidden, drawer toggle opens and closes the sidebar', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api, { width: 390, height: 844 });
    await openDashboard(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Sync Comments' }).isVisible()).toBe(false);
    await screenshot(page, 'dashboard-phone');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Analytics' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Sync Comments' }).waitFor({ state: 'visible' });
    await screenshot(page, 'dashboard-phone-drawer');
    expect(await axeViolations(page)).toEqual([]);
    await close.click();
    await page.getByRole('button', { name: 'Sync Comments' }).waitFor({ state: 'hidden' });
    // Opening again then following a link closes the drawer and navigates.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(`${suite.origin}/analytics`);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('sign out clears the session through /api/logout and lands on /login', async () => {
    let out = false;
    const api = signedIn(new MockApi())
      .on('GET /api/user', () => (out ? { status: 401, body: '' } : { json: user }))
      .on('GET /api/logout', () => {
        out = true;
        return { status: 302, headers: { location: '/login' } };
      });
    const { page, context } = await newSession(suite.browser, api);
    await openDashboard(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.origin}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });
});
