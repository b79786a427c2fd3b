/**
 * Reports in a real browser (issue 11 item 8): the page shows the range's figures from the real stack,
 * an empty range says so, and Export CSV downloads the file with the same total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { signedIn } from '../support/client.js';
import { baseUrl, newPage, shot, startBrowser, type E2E } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));
const { decision, makeComment, seed } = await import('../support/seed.js');

let e2e: E2E;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const { client, user } = await signedIn('reports-ui');
  const now = Date.now();
  // 12 comments over the last three days, a third of them negative.
  await seed(user.workspaceId, Array.from({ length: 12 }, (_, i) => makeComment({
    timestamp: new Date(now - (i % 3) * 86_400_000 - 60_000 - i * 1000).toISOString(), status: 'processed', postId: 'post_ui',
    aiDecision: decision({ sentiment: i % 3 === 0 ? 'negative' : 'positive', category: i % 2 ? 'question' : 'praise' }),
  })));
  e2e = await startBrowser();
  ({ context, page } = await newPage(e2e.browser));
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: baseUrl() })));
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

describe('reports page', () => {
  it('shows the last 7 days from the stack and exports them as CSV', async () => {
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByText('12 comments').waitFor();
    await page.getByRole('heading', { name: 'Posts with the most negative comments' }).waitFor();
    await page.getByText('4 negative of 12').waitFor();
    await shot(page, 'reports-7d', false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('date,comments,positive,negative,neutral,reviewed,approved_unchanged,accuracy_pct');
    expect(csv.at(-1)!.split(',').slice(0, 4)).toEqual(['total', '12', '8', '4']);
  });

  it('a range with no comments says so instead of showing zeros', async () => {
    const fresh = await signedIn('reports-empty');
    const other = await newPage(e2e.browser);
    await other.context.addCookies([...fresh.client.cookies].map(([name, value]) => ({ name, value, url: baseUrl() })));
    await other.page.goto('/reports');
    await other.page.getByText('No comments in this range yet.').waitFor();
    await other.context.close();
  });
});
