/**
 * Issue 12 in a real browser against the REAL local stack: a moderator with a synced queue sees
 * failures as errors (with a retry), the queue and All Comments on a phone without the page
 * scrolling sideways, and All Comments whole at 1366 and 1440 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TEXT } from '@cg/shared';
import { control } from '../support/meta.js';
import { newPage, person, registerInUi, shot, startBrowser, type E2E } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));

let e2e: E2E;
let context: BrowserContext;
let page: Page;

const pageScrollsSideways = (p: Page) => p.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

beforeAll(async () => {
  await control('reset', {});
  e2e = await startBrowser();
  ({ context, page } = await newPage(e2e.browser));
  await registerInUi(page, person('layout', 'Sam', 'Lee'));
  // Connect through the sandbox's consent page and sync the queue.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Connect Facebook & Instagram' }).click();
  await page.waitForURL((u) => u.pathname.includes('/dialog/oauth'));
  await page.locator('#continue').click();
  await page.waitForURL((u) => u.pathname === '/settings' && u.search === '');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sync Comments' }).click();
  await page.locator('.cg-toaster').getByText(TEXT.synced).waitFor();
  await page.locator('[data-testid="comment-card"]').first().waitFor();
}, 180_000);
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

describe('the moderator\'s screens (issue 12)', () => {
  it('a failed queue load is an error with a retry, not "No comments found"', async () => {
    await page.route('**/api/comments?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }));
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Internal error' });
    await alert.waitFor();
    expect(await page.getByText(TEXT.queueEmpty).count()).toBe(0);
    await page.unroute('**/api/comments?*');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-testid="comment-card"]').first().waitFor();
  });

  for (const width of [1366, 1440]) {
    it(`All Comments fits at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/comments');
      await page.getByTestId('comment-row').first().waitFor();
      expect(await page.locator('.cg-table-wrap').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await pageScrollsSideways(page)).toBe(false);
      await shot(page, `all-comments-${width}`, false);
    });
  }

  for (const path of ['/dashboard', '/comments']) {
    it(`phone (390x844): ${path} does not scroll the page sideways`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await page.locator(path === '/dashboard' ? '[data-testid="comment-card"]' : '[data-testid="comment-row"]').first().waitFor();
      expect(await pageScrollsSideways(page)).toBe(false);
      await shot(page, `phone${path.replace('/', '-')}`);
    });
  }
});
