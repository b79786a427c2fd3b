import { describe, expect, test } from 'vitest';
import { axeViolations, browserSuite, MockApi, newSession, screenshot } from './support/harness';
import { allComments, signedIn, user } from './support/fixtures';

const suite = browserSuite();

describe('analytics', () => {
  test('on Starter the dashboard shows its figures and says live updates are on Growth and Ultimate', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/analytics`);
    await page.getByText('200 total comments').waitFor();
    await page.getByTestId('analytics-live-note').getByText('Live updates are included in the Growth and Ultimate plans').waitFor();
    await context.close();
  });

  test('cards, pie, actions, API status and quality insights; no serious axe violation', async () => {
    const api = signedIn(new MockApi(), { user: { ...user, subscriptionPlan: 'growth' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/analytics`);
    await page.getByRole('heading', { name: 'Analytics Dashboard' }).waitFor();
    await page.getByText('200 total comments').waitFor();
    await page.getByText('55.0% of total').first().waitFor(); // 110 / 200 positive
    await page.getByText('86.4%').waitFor();
    // Pie labels: name, then count and percent, on two lines.
    await page.locator('.cg-pie-label', { hasText: 'Positive' }).filter({ hasText: '110 (55.0%)' }).waitFor();
    expect(await page.locator('.cg-figure').getAttribute('aria-label')).toContain('Positive: 110 (55.0%)');
    for (const t of ['Sentiment Distribution', 'Comment Actions', 'API Response Status', 'Content Quality Insights', 'Clean Comments']) await page.getByText(t, { exact: true }).waitFor();
    await page.getByText('Rate limited').waitFor();
    await page.getByText('175', { exact: true }).waitFor(); // clean = 200 - 18 - 7
    await screenshot(page, 'analytics');
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('no data shows the empty text', async () => {
    const api = signedIn(new MockApi(), { user: { ...user, subscriptionPlan: 'growth' } }).on('GET /api/analytics', {
      json: { totalComments: 0, positiveComments: 0, negativeComments: 0, neutralComments: 0, spamComments: 0, offensiveComments: 0, repliedComments: 0, deletedComments: 0, pendingComments: 0, averageConfidence: 0, apiResponseStats: [] },
    });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/analytics`);
    await page.getByText('No analytics data available yet.').waitFor();
    await context.close();
  });
});

describe('all comments', () => {
  test('table, badge and server-side filters', async () => {
    const api = signedIn(new MockApi()).on('GET /api/comments', (req) => {
      const list = req.query.get('search') === 'nothing' ? [] : allComments.slice(0, 5);
      return { json: { comments: list, total: list.length ? 42 : 0 } };
    });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/comments`);
    await page.getByRole('heading', { name: 'All Comments' }).waitFor();
    await page.getByText('5 of 42 comments').waitFor();
    expect(await page.getByPlaceholder('Search comments or authors...').count()).toBe(1);
    await page.getByText('ID: p3').waitFor();
    const first = Object.fromEntries(api.calls('GET /api/comments')[0]!.query);
    expect(first).toEqual({ limit: '25', offset: '0' });
    await screenshot(page, 'comments');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Status').selectOption('approved');
    await page.getByLabel('Sentiment').selectOption('negative');
    await page.getByLabel('Platform').selectOption('instagram');
    await page.getByLabel('Search', { exact: true }).fill('Spam');
    await expect
      .poll(() => api.calls('GET /api/comments').map((r) => Object.fromEntries(r.query)))
      .toContainEqual({ status: 'approved', sentiment: 'negative', platform: 'instagram', search: 'Spam', limit: '25', offset: '0' });

    // Paging on the server: page 2 sends offset 25 with the filters.
    await page.getByRole('button', { name: /next page/i }).click();
    await expect
      .poll(() => api.calls('GET /api/comments').map((r) => Object.fromEntries(r.query)))
      .toContainEqual({ status: 'approved', sentiment: 'negative', platform: 'instagram', search: 'Spam', limit: '25', offset: '25' });

    await page.getByLabel('Search', { exact: true }).fill('nothing');
    await page.getByText('No comments match your search criteria').waitFor();

    const beforeClear = api.calls('GET /api/comments').length;
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText('5 of 42 comments').waitFor();
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Status').inputValue()).toBe('all');
    // The unfiltered first page is answered from the cache: no request carries a stale filter after clearing.
    for (const r of api.calls('GET /api/comments').slice(beforeClear)) expect(Object.fromEntries(r.query)).toEqual({ limit: '25', offset: '0' });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('App Reply and decision columns follow the spec rules', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/comments`);
    const row = (name: string) => page.getByTestId('comment-row').filter({ hasText: name });
    await row('Rob Replied').getByText('App Reply:').waitFor();
    await row('Dee Deleted').getByText('Comment Deleted').waitFor();
    await row('Penny Pending').getByText('No reply').waitFor();
    await row('Penny Pending').getByText('N/A').waitFor();
    await row('Pat Processing').getByText('Processing').first().waitFor();
    await row('Dee Deleted').getByText('Offensive').waitFor();
    await context.close();
  });
});

describe('settings', () => {
  test('profile edit, cancel restores, save sends PUT /api/user', async () => {
    const api = signedIn(new MockApi()).on('PUT /api/user', (req) => ({ json: { ...user, ...(req.body as object) } }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    await page.getByText('Acme Coffee').waitFor();
    await screenshot(page, 'settings');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First Name').fill('Grace');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(api.calls('PUT /api/user')).toHaveLength(0);

    await page.getByLabel('First Name').fill('Grace');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your profile has been updated successfully.').waitFor();
    expect(api.calls('PUT /api/user')[0]!.body).toEqual({ firstName: 'Grace', lastName: 'Lovelace', email: 'ada@example.com' });
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('plan, upgrade, cancellation date, notice and account information', async () => {
    const api = signedIn(new MockApi(), { user: { ...user, subscriptionPlan: 'growth', cancelAt: '2026-12-31T00:00:00.000Z', notice: 'Your last payment failed.' } })
      .on('PUT /api/subscription', { json: { ...user, subscriptionPlan: 'ultimate' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    await page.getByText('Your last payment failed.').waitFor();
    await page.getByText(/active until December 31, 2026/).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Starter' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await page.getByText('user-123').waitFor();
    await page.getByText('January 15, 2026').waitFor();
    // Export is a button: a small export downloads from the answer, a big one is a job with links (issue 13).
    await page.getByRole('button', { name: 'Export my data' }).waitFor();
    // An upgrade asks first, naming the new price; cancelling sends nothing.
    await page.getByRole('button', { name: 'Upgrade to Ultimate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Ultimate?' });
    await dialog.getByText(/from Growth to Ultimate/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(api.calls('PUT /api/subscription')).toHaveLength(0);
    await page.getByRole('button', { name: 'Upgrade to Ultimate' }).click();
    await dialog.getByRole('button', { name: /^Upgrade for \$\d+\.\d\d\/month$/ }).click();
    await page.getByText('Your subscription plan has been updated successfully.').waitFor();
    expect(api.calls('PUT /api/subscription')[0]!.body).toEqual({ plan: 'ultimate' });
    await context.close();
  });

  test('cancel subscription asks for confirmation and sends DELETE /api/subscription', async () => {
    const api = signedIn(new MockApi()).on('DELETE /api/subscription', { json: { ...user, cancelAt: '2026-12-31T00:00:00.000Z' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect.poll(() => api.calls('DELETE /api/subscription').length).toBe(1);
    await context.close();
  });

  test('disconnect asks "Are you sure you want to disconnect {name}?"; cancel sends nothing, confirm deletes', async () => {
    const api = signedIn(new MockApi()).on('DELETE /api/social-accounts/sa-fb', { json: { ok: true } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    await page.getByRole('button', { name: 'Disconnect Acme Coffee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect account' });
    await dialog.getByText('Are you sure you want to disconnect Acme Coffee?').waitFor();
    await screenshot(page, 'settings-disconnect');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(api.calls('DELETE /api/social-accounts/sa-fb')).toHaveLength(0);

    await page.getByRole('button', { name: 'Disconnect Acme Coffee' }).click();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Your social account has been disconnected successfully.').waitFor();
    expect(api.calls('DELETE /api/social-accounts/sa-fb')).toHaveLength(1);
    await page.getByText('Needs reconnect').waitFor();
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('connection result in the query is shown once and cleared', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings?success=connected`);
    await page.getByText('Your Facebook/Instagram account has been successfully connected.').waitFor();
    await page.getByText('Account connected!').waitFor();
    await page.waitForURL(`${suite.origin}/settings`);
    await page.goto(`${suite.origin}/settings?error=token_failed`);
    await page.getByRole('alert').getByText('Failed to obtain access token.').waitFor();
    await page.getByText('Connection failed', { exact: true }).waitFor();
    await page.waitForURL(`${suite.origin}/settings`);
    await context.close();
  });
});
