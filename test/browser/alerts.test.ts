/**
 * Alerts (issue 11, item 7) in a real browser against the local stack: the quota passing 80% while
 * the app is open rings the bell live (no reload); the panel lists the alert; Mark all read clears
 * the count; Settings → Alerts refuses a Slack URL that is not https in the server's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage, person, registerInUi, startBrowser, type E2E } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));
const { makeComment, seed } = await import('../support/seed.js');
const usage = await import('../../functions/src/store/usage.js');

let e2e: E2E;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  e2e = await startBrowser();
  ({ context, page } = await newPage(e2e.browser));
  await registerInUi(page, person('alerts', 'Ana', 'Bell'));
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

describe('alert bell', () => {
  it('rings live when the quota passes 80%; the panel lists it; Mark all read clears the count', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Alerts', exact: true }).click();
    await page.getByRole('region', { name: 'Alerts' }).getByText(/No alerts yet/).waitFor();

    const workspaceId = await page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { workspaceId: string }).workspaceId);
    await usage.addAnalysed(workspaceId, 3_999);
    await seed(workspaceId, [makeComment(), makeComment()]);
    // Process All from the open app: the reservation crosses 80% of the Starter quota (5,000).
    expect(await page.evaluate(async () => (await fetch('/api/comments/bulk-analyze', { method: 'POST', headers: { 'Content-Type': 'application/json' } })).status)).toBe(202);

    await page.getByRole('button', { name: 'Alerts, 1 unread' }).waitFor();
    const panel = page.getByRole('region', { name: 'Alerts' });
    await panel.getByText('Monthly analysis quota at 80%').waitFor();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Alerts', exact: true }).waitFor();
    expect(await page.evaluate(async () => ((await (await fetch('/api/alerts')).json()) as { unread: number }).unread)).toBe(0);
  });

  it('Settings → Alerts shows the server\'s refusal of a Slack URL that is not https', async () => {
    await page.goto('/settings');
    const form = page.locator('section[aria-labelledby="alerts-title"]').getByRole('form', { name: 'Alert settings' });
    await form.getByLabel('Slack incoming-webhook URL').fill('ftp://hooks.example.com/services/x');
    await form.getByRole('button', { name: 'Save alerts' }).click();
    await form.getByRole('alert').getByText(/The Slack webhook URL must be an https URL/).waitFor();
  });
});
