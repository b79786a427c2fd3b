/**
 * Issue 5 end to end in a real browser against the REAL local stack: one moderator registers, connects
 * through the Meta sandbox's consent page, syncs the real ~150-comment queue, processes it with the
 * embedded analyser, and moderates it (approve, edit, reject, delete), pages and filters it, edits the
 * profile, watches a live comment arrive over the WebSocket, uses the phone drawer and disconnects.
 * The sandbox is shared by the run: everything asserted here is this user's own data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { TEXT } from '@cg/shared';
import { control } from '../support/meta.js';
import { newPage, person, registerInUi, shot, startBrowser, toast, UI_TIMEOUT, type E2E } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));

let e2e: E2E;
let context: BrowserContext;
let page: Page;
const who = person('mod', 'Robin', 'Reyes');

beforeAll(async () => {
  await control('reset', {});
  e2e = await startBrowser();
  ({ context, page } = await newPage(e2e.browser));
  await registerInUi(page, who);
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

/** Reads a number out of a text like "Total: 1,234". */
const num = (s: string) => Number(s.replace(/[^\d]/g, ''));

async function queueTotal(): Promise<number> {
  return num(await page.locator('.cg-pager').getByText(/^Total:/).innerText());
}

/** A dashboard stat card's value, once the stats have loaded (it reads 0 until then). */
async function stat(label: string): Promise<number> {
  return num(await page.locator('.cg-stat').filter({ hasText: label }).locator('.cg-stat-value').innerText());
}

/** Every row of All Comments (once the list has settled) satisfies `ok`. */
async function everyRow(ok: (text: string) => boolean): Promise<void> {
  await expect.poll(async () => {
    const texts = await page.getByTestId('comment-row').allInnerTexts();
    return texts.length > 0 && texts.every(ok);
  }, { timeout: UI_TIMEOUT, interval: 100 }).toBe(true);
}

/** Waits for the All Comments list request whose query satisfies `match`; returns its total. */
async function listAnswer(match: (q: URLSearchParams) => boolean, act: () => Promise<unknown>): Promise<number> {
  const res = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/comments' && match(new URL(r.url()).searchParams));
  await act();
  const body = await (await res).json();
  await page.locator('.cg-page-head .amplify-badge').filter({ hasText: new RegExp(`^\\d+ of ${body.total} comments$`) }).waitFor();
  return body.total as number;
}

async function setPerPage(n: number): Promise<void> {
  await page.getByLabel('Per page').selectOption(String(n));
}

/** The first queue card that offers `button`, looking through the queue's pages (50 a page). */
async function findCard(button: string): Promise<{ card: Locator; id: string; content: string }> {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 2, name: 'Comments Queue' }).waitFor();
  await page.locator('[data-testid="comment-card"]').first().waitFor();
  await setPerPage(50);
  await page.getByTestId('page-indicator').filter({ hasText: /^Page 1 of/ }).waitFor();
  for (;;) {
    await page.locator('[data-testid="comment-card"]').first().waitFor();
    const match = page.locator('[data-testid="comment-card"]').filter({ has: page.getByRole('button', { name: button, exact: true }) });
    if ((await match.count()) > 0) {
      const id = (await match.first().getAttribute('data-comment-id'))!;
      const card = page.locator(`[data-comment-id="${id}"]`);
      const content = await card.locator(':scope > .cg-comment-content').innerText();
      return { card, id, content };
    }
    const next = page.getByRole('button', { name: 'Next', exact: true });
    if (await next.isDisabled()) throw new Error(`no queue card offers "${button}"`);
    const before = await page.getByTestId('page-indicator').innerText();
    await next.click();
    await page.getByTestId('page-indicator').filter({ hasNotText: before }).waitFor();
  }
}

/** Waits for the single toast slot to show `text`. */
async function expectToast(text: string): Promise<void> {
  await toast(page).getByText(text, { exact: false }).first().waitFor();
}

/** The All Comments table, searched for a comment's text. */
async function rowOnAllComments(content: string): Promise<Locator> {
  await page.goto('/comments');
  await page.getByRole('heading', { level: 1, name: 'All Comments' }).waitFor();
  const snippet = content.slice(0, 40);
  await page.getByPlaceholder(TEXT.searchPlaceholder).fill(snippet);
  const row = page.getByTestId('comment-row').filter({ hasText: snippet });
  await row.first().waitFor();
  return row.first();
}

describe('moderator flow on the real stack', () => {
  let queueSize = 0;

  it('Settings → Connect → sandbox consent → Continue → "Account connected!" and the accounts listed', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByText('No accounts connected yet.').waitFor();
    await page.getByRole('button', { name: 'Connect Facebook & Instagram' }).click();
    await page.waitForURL((u) => u.pathname.includes('/dialog/oauth'));
    await page.getByText('Connect to Pagewarden').first().waitFor();
    await shot(page, 'sandbox-consent');
    await page.locator('#continue').click();
    await page.waitForURL((u) => u.pathname === '/settings');
    await expectToast(TEXT.connectedTitle);
    expect(await toast(page).innerText()).toContain(TEXT.connected);
    // The success query is handled once and then cleared from the address bar.
    await page.waitForURL((u) => u.pathname === '/settings' && u.search === '');
    const accounts = page.locator('section[aria-labelledby="accounts-title"] .cg-list-row');
    await accounts.first().waitFor();
    expect(await accounts.count()).toBe(2); // Starter: one brand = its Facebook page and Instagram account
    expect(await accounts.filter({ hasText: 'Facebook' }).count()).toBe(1);
    expect(await accounts.filter({ hasText: 'Instagram' }).count()).toBe(1);
    // Two businesses but room for one brand: the notice explains it.
    await page.getByText('Attention').waitFor();
    await shot(page, 'settings-connected');
  });

  it('Dashboard → Sync Comments → "Comments synced successfully"; the queue fills', async () => {
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText(TEXT.queueEmpty).waitFor();
    await page.getByRole('button', { name: 'Sync Comments' }).click();
    await expectToast(TEXT.synced);
    await page.locator('[data-testid="comment-card"]').first().waitFor();
    await page.locator('.cg-pager').getByText(/^Total: [1-9]/).waitFor();
    queueSize = await queueTotal();
    expect(queueSize).toBeGreaterThan(100);
    await expect.poll(() => stat('Facebook Comments'), { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    await expect.poll(() => stat('Instagram Comments'), { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
  });

  it('Process All Comments → decisions arrive live (Approve Reply, Confirm Delete...) with no reload', async () => {
    let reloads = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloads++;
    });
    await page.getByRole('button', { name: 'Process All Comments' }).click();
    await expectToast(TEXT.bulkDone);
    // The analyser works through the queue; every decision is pushed over the WebSocket and refreshes the list.
    await page.getByRole('button', { name: 'Approve Reply' }).first().waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="comment-card"]').filter({ hasText: /% confidence/ }).first().waitFor();
    // Wait until this page of the queue has no card left in Processing or Pending.
    await expect.poll(() => page.locator('[data-testid="comment-card"]').filter({ hasText: /AI Processing\.\.\.|Process with AI/ }).count(), { timeout: 90_000, interval: 250 }).toBe(0);
    expect(reloads).toBe(0);
    await shot(page, 'dashboard-processed');
  });

  it('paging and page size 10 / 25 / 50 over the real queue', async () => {
    const cards = page.locator('[data-testid="comment-card"]');
    expect(await page.getByLabel('Per page').inputValue()).toBe('25');
    expect(await cards.count()).toBe(25);
    const total = await queueTotal();
    const indicator = page.getByTestId('page-indicator');
    expect(await indicator.innerText()).toBe(`Page 1 of ${Math.ceil(total / 25)}`);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await setPerPage(10);
    await indicator.filter({ hasText: `Page 1 of ${Math.ceil(total / 10)}` }).waitFor();
    await expect.poll(() => cards.count()).toBe(10);
    const firstOnPage1 = await cards.first().getAttribute('data-comment-id');
    await page.getByRole('button', { name: 'Next' }).click();
    await indicator.filter({ hasText: /^Page 2 of/ }).waitFor();
    await expect.poll(() => cards.first().getAttribute('data-comment-id')).not.toBe(firstOnPage1);
    await expect.poll(() => cards.count()).toBe(10);
    await page.getByRole('button', { name: 'Previous' }).click();
    await indicator.filter({ hasText: /^Page 1 of/ }).waitFor();

    await setPerPage(50);
    await indicator.filter({ hasText: `Page 1 of ${Math.ceil(total / 50)}` }).waitFor();
    await expect.poll(() => cards.count()).toBe(Math.min(50, total));
    // The last page holds the remainder; Next is disabled there.
    const pages = Math.ceil(total / 50);
    for (let p = 2; p <= pages; p++) {
      await page.getByRole('button', { name: 'Next' }).click();
      await indicator.filter({ hasText: `Page ${p} of ${pages}` }).waitFor();
    }
    await expect.poll(() => cards.count()).toBe(total - (pages - 1) * 50);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await shot(page, 'dashboard-last-page');
    await setPerPage(25);
  });

  it('platform filter on the queue: Instagram only, then Facebook only, totals add up', async () => {
    await page.goto('/dashboard');
    await page.locator('[data-testid="comment-card"]').first().waitFor();
    const total = await queueTotal();
    const platform = page.getByRole('combobox', { name: 'Platform' });
    await platform.selectOption('instagram');
    await page.locator('[data-testid="comment-card"] .cg-platform-facebook').first().waitFor({ state: 'detached' });
    const ig = await queueTotal();
    expect(await page.locator('[data-testid="comment-card"] .cg-platform-instagram').count()).toBe(await page.locator('[data-testid="comment-card"]').count());
    await platform.selectOption('facebook');
    await page.locator('[data-testid="comment-card"] .cg-platform-instagram').first().waitFor({ state: 'detached' });
    const fb = await queueTotal();
    expect(await page.locator('[data-testid="comment-card"] .cg-platform-facebook').count()).toBe(await page.locator('[data-testid="comment-card"]').count());
    expect(ig).toBeGreaterThan(0);
    expect(fb).toBeGreaterThan(0);
    expect(ig + fb).toBe(total);
    await shot(page, 'dashboard-facebook-only');
    await platform.selectOption('all');
  });

  it('Approve Reply → the reply is posted; All Comments shows "App Reply:" and the activity lists it', async () => {
    const { card, content } = await findCard('Approve Reply');
    const reply = await card.locator('.cg-ai-box .cg-comment-content').innerText();
    const total = await queueTotal();
    await card.getByRole('button', { name: 'Approve Reply' }).click();
    await expectToast(TEXT.approved);
    await card.waitFor({ state: 'detached' });
    await page.locator('.cg-pager').getByText(`Total: ${(total - 1).toLocaleString('en-US')}`).waitFor();
    await page.locator('.cg-activity li').first().waitFor();
    const row = await rowOnAllComments(content);
    await row.getByText('App Reply:').waitFor();
    expect(await row.innerText()).toContain(reply);
    expect(await row.innerText()).toContain('Replied');
    await shot(page, 'all-comments-app-reply');
    // The reply reached the platform (the sandbox).
    const world = await control('comments');
    const list: any[] = world.comments ?? world;
    expect(JSON.stringify(list)).toContain(JSON.stringify(reply).slice(1, -1));
  });

  it('Edit Reply: Cancel restores the suggestion; Save stores the edit ("Reply Updated")', async () => {
    const { card, id } = await findCard('Edit Reply');
    const original = await card.locator('.cg-ai-box .cg-comment-content').innerText();
    await card.getByRole('button', { name: 'Edit Reply' }).click();
    const box = card.getByLabel('Edit reply');
    expect(await box.getAttribute('rows')).toBe('3');
    expect(await box.inputValue()).toBe(original);
    await box.fill('This draft should be thrown away');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Edit Reply' }).waitFor();
    expect(await card.locator('.cg-ai-box .cg-comment-content').innerText()).toBe(original);

    await card.getByRole('button', { name: 'Edit Reply' }).click();
    const edited = `Thanks for reaching out! We will DM you the details (${Date.now().toString(36)}).`;
    await card.getByLabel('Edit reply').fill(edited);
    await shot(page, 'dashboard-edit-reply', false);
    await card.getByRole('button', { name: 'Save' }).click();
    await expectToast(TEXT.replyUpdatedTitle);
    const saved = page.locator(`[data-comment-id="${id}"]`);
    await saved.locator('.cg-ai-box .cg-comment-content').filter({ hasText: edited }).waitFor();
    await saved.getByRole('button', { name: 'Approve Reply' }).waitFor();
  });

  it('Reject → "Manual override applied"; the comment leaves the queue', async () => {
    const { card } = await findCard('Reject');
    await card.getByRole('button', { name: 'Reject' }).click();
    await expectToast(TEXT.overridden);
    await card.waitFor({ state: 'detached' });
  });

  it('Confirm Delete → deleted on the platform; All Comments shows "Comment Deleted"', async () => {
    const { card, content } = await findCard('Confirm Delete');
    await shot(page, 'dashboard-delete-card', false);
    await card.getByRole('button', { name: 'Confirm Delete' }).click();
    await expectToast(TEXT.approved);
    await card.waitFor({ state: 'detached' });
    const row = await rowOnAllComments(content);
    await row.getByText('Comment Deleted').waitFor();
    expect(await row.innerText()).toContain('Deleted');
  });

  it('All Comments: search, each filter, Clear Filters, paging', async () => {
    await page.goto('/comments');
    await page.getByRole('heading', { level: 1, name: 'All Comments' }).waitFor();
    const badge = page.locator('.cg-page-head .amplify-badge');
    await badge.filter({ hasText: /^25 of \d+ comments$/ }).waitFor();
    const all = num((await badge.innerText()).split(' of ')[1]!);
    expect(all).toBeGreaterThanOrEqual(queueSize);
    await shot(page, 'all-comments');
    // The filter row fits its card at common desktop widths (no control pushed out of view).
    const filters = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Search & Filters' }) });
    for (const width of [1280, 1100, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await filters.evaluate((el) => el.scrollWidth - el.clientWidth), `filters at ${width}px`).toBeLessThanOrEqual(0);
      if (width !== 1366) await filters.screenshot({ path: `artifacts/screenshots/e2e-all-comments-filters-${width}.png` });
    }
    const rows = page.getByTestId('comment-row');
    const searchBox = page.getByPlaceholder(TEXT.searchPlaceholder);

    // Search by author name, case-insensitive.
    const author = (await rows.first().locator('td').first().locator('p').first().innerText()).trim();
    const found = await listAnswer((q) => q.get('search') === author.toUpperCase(), () => searchBox.fill(author.toUpperCase()));
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(all);
    await everyRow((t) => t.toLowerCase().includes(author.toLowerCase()));
    await searchBox.fill('zz-no-such-comment-zz');
    await page.getByText(TEXT.noCommentsMatch).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await badge.filter({ hasText: `25 of ${all} comments` }).waitFor();
    expect(await searchBox.inputValue()).toBe('');

    // Status: replied rows show the app's reply; deleted rows the deleted badge.
    const status = page.getByRole('combobox', { name: 'Status' });
    expect(await listAnswer((q) => q.get('status') === 'replied', () => status.selectOption('replied'))).toBeGreaterThanOrEqual(1);
    await everyRow((t) => t.includes('App Reply:') && t.includes('Replied'));
    expect(await listAnswer((q) => q.get('status') === 'deleted', () => status.selectOption('deleted'))).toBeGreaterThanOrEqual(1);
    await everyRow((t) => t.includes('Comment Deleted'));
    await shot(page, 'all-comments-deleted');
    // Back to an earlier query: React Query may answer from its cache, so wait on the screen.
    await status.selectOption('all');
    await badge.filter({ hasText: `25 of ${all} comments` }).waitFor();

    // Sentiment: each value is asked of the API and narrows the list.
    const sentiment = page.getByRole('combobox', { name: 'Sentiment' });
    let sum = 0;
    for (const s of ['positive', 'negative', 'neutral']) {
      const n = await listAnswer((q) => q.get('sentiment') === s, () => sentiment.selectOption(s));
      expect(n).toBeLessThan(all);
      sum += n;
    }
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThanOrEqual(all);
    await sentiment.selectOption('all');
    await badge.filter({ hasText: `25 of ${all} comments` }).waitFor();

    // Platform: every row is on the chosen platform; filters combine.
    const platform = page.getByRole('combobox', { name: 'Platform' });
    const ig = await listAnswer((q) => q.get('platform') === 'instagram', () => platform.selectOption('instagram'));
    expect(ig).toBeGreaterThan(0);
    expect(ig).toBeLessThan(all);
    await everyRow((t) => t.includes('Instagram'));
    expect(await rows.locator('.cg-platform-facebook').count()).toBe(0);
    await listAnswer((q) => q.get('platform') === 'instagram' && q.get('status') === 'processed', () => status.selectOption('processed'));
    await everyRow((t) => /Instagram[\s\S]*Processed/.test(t));
    await shot(page, 'all-comments-filtered');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await badge.filter({ hasText: `25 of ${all} comments` }).waitFor();
    for (const name of ['Status', 'Sentiment', 'Platform']) expect(await page.getByRole('combobox', { name }).inputValue()).toBe('all');

    // Paging (25 a page): Next continues from the page's nextCursor (keyset paging).
    const firstRow = await rows.first().innerText();
    await listAnswer((q) => q.has('cursor') && !q.has('offset'), () => page.getByRole('button', { name: /next page/i }).click());
    await page.locator('.amplify-pagination [aria-current="page"]').filter({ hasText: '2' }).waitFor();
    await expect.poll(() => rows.first().innerText()).not.toBe(firstRow);
  });

  it('a live comment from the sandbox appears on the dashboard without a reload', async () => {
    await page.goto('/dashboard');
    await page.locator('[data-testid="comment-card"]').first().waitFor();
    await expect.poll(() => stat('Facebook Comments'), { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    const before = await stat('Facebook Comments');
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });
    const state = await control('state');
    const ours = state.pages.find((p: any) => (p.subscribedFields ?? []).includes('feed'));
    expect(ours, 'the connected page is subscribed to the app').toBeTruthy();
    const message = `Live from the sandbox: do you ship to Lisbon? ${Date.now().toString(36)}`;
    await control('comments', { pageId: ours.id, message });
    await control('webhooks/flush', {});
    await expect.poll(() => stat('Facebook Comments'), { timeout: UI_TIMEOUT, interval: 100 }).toBe(before + 1);
    // The list does not move under the pointer: a bar counts the new comment; clicking it loads the queue with it on top.
    expect(await page.locator('[data-testid="comment-card"] > .cg-comment-content', { hasText: message }).count()).toBe(0);
    await page.getByRole('button', { name: /^1 new comment/ }).click();
    await page.locator('[data-testid="comment-card"] > .cg-comment-content', { hasText: message }).first().waitFor({ timeout: UI_TIMEOUT });
    expect(navigations).toBe(0);
    await shot(page, 'dashboard-live-comment', false);
  });

  it('profile: Edit Profile → Cancel restores; Save Changes updates the name everywhere', async () => {
    await page.goto('/settings');
    const profile = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Profile Information' }) });
    await profile.getByText('Robin').waitFor();
    await profile.getByRole('button', { name: 'Edit Profile' }).click();
    await profile.getByLabel('First Name').fill('Changed');
    await profile.getByRole('button', { name: 'Cancel' }).click();
    await profile.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await profile.innerText()).toContain('Robin');
    expect(await profile.innerText()).not.toContain('Changed');
    await profile.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await profile.getByLabel('First Name').inputValue()).toBe('Robin');
    await profile.getByLabel('First Name').fill('Jordan');
    await shot(page, 'settings-profile-edit', false);
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(TEXT.profileUpdatedTitle);
    await profile.getByText('Jordan', { exact: true }).waitFor();
    await page.getByRole('button', { name: /Account menu for/ }).filter({ hasText: 'Jordan Reyes' }).waitFor();
    await page.reload();
    await profile.getByText('Jordan').waitFor();
  });

  it('disconnect asks "Are you sure you want to disconnect {name}?"; Cancel keeps it, Disconnect removes it', async () => {
    await page.goto('/settings');
    const rows = page.locator('section[aria-labelledby="accounts-title"] .cg-list-row');
    await rows.first().waitFor();
    const count = await rows.count();
    const name = (await rows.first().locator('.amplify-text').first().innerText()).trim();
    await rows.first().getByRole('button', { name: `Disconnect ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect account' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(TEXT.disconnectConfirm(name));
    await shot(page, 'settings-disconnect-dialog', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rows.count()).toBe(count);
    await rows.first().getByRole('button', { name: `Disconnect ${name}` }).click();
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expectToast(TEXT.disconnectedTitle);
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(count - 1);
  });

  it('phone width: the drawer opens with the nav and sidebar, navigates and closes (Escape too)', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/dashboard');
    await phone.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const sidebar = phone.locator('#cg-sidebar');
    const toggle = phone.getByRole('button', { name: 'Open menu' });
    await toggle.waitFor();
    expect(await phone.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().right <= 0 || getComputedStyle(el).visibility === 'hidden' || getComputedStyle(el).display === 'none')).toBe(true);
    await phone.screenshot({ path: 'artifacts/screenshots/e2e-phone-dashboard.png' });
    await toggle.click();
    await phone.getByRole('button', { name: 'Close menu' }).waitFor();
    const mobileNav = phone.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.getByRole('link', { name: 'Comments' }).waitFor({ state: 'visible' });
    await sidebar.getByRole('button', { name: 'Sync Comments' }).waitFor({ state: 'visible' });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: 'artifacts/screenshots/e2e-phone-drawer.png' });
    await mobileNav.getByRole('link', { name: 'Comments' }).click();
    await phone.getByRole('heading', { level: 1, name: 'All Comments' }).waitFor();
    await phone.getByRole('button', { name: 'Open menu' }).waitFor();
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('button', { name: 'Close menu' }).waitFor();
    await phone.keyboard.press('Escape');
    await phone.getByRole('button', { name: 'Open menu' }).waitFor();
    await phone.screenshot({ path: 'artifacts/screenshots/e2e-phone-comments.png' });
    await phone.close();
  });
});

