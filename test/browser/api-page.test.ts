/**
 * The API page (issue 11, item 9) in a real browser against the local stack: on Ultimate an owner
 * creates a read key (shown once), which then works as a Bearer token and stops at once when revoked
 * in the page; an endpoint's signing secret is shown once; the reference lists the routes from the
 * OpenAPI document with the scope each needs. On another plan the page names the plan with API access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, newPage, person, registerInUi, shot, startBrowser, type E2E } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));
const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');

let e2e: E2E;
let owner: { context: BrowserContext; page: Page };

async function workspaceId(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { workspaceId: string }).workspaceId);
}

const withKey = (key: string, path: string) => fetch(baseUrl() + path, { headers: { Authorization: `Bearer ${key}` } });

beforeAll(async () => {
  e2e = await startBrowser();
  owner = await newPage(e2e.browser);
  await registerInUi(owner.page, person('api-owner', 'Ada', 'Api'));
});
afterAll(async () => {
  await owner?.context.close();
  await e2e?.close();
});

describe('API page', () => {
  it('on a plan without API access the page names the plan that has it', async () => {
    const { page } = owner;
    await page.goto('/developers');
    await expect.poll(() => page.getByTestId('api-plan-notice').textContent()).toContain('included in the Ultimate plan');
    expect(await page.getByRole('form', { name: 'Create an API key' }).count()).toBe(0);
  });

  it('on Ultimate: a key created in the page is shown once, works as a Bearer token, and is refused once revoked', async () => {
    const { page } = owner;
    await setWorkspaceFields(await workspaceId(page), { subscriptionPlan: 'ultimate', subscriptionStatus: 'active' });
    await page.goto('/developers');
    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel('Key name').fill('Reporting');
    await form.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('shown-once').getByLabel('API key Reporting').inputValue();
    expect(key).toMatch(/^pw_live_/);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Reporting' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(key);
    expect((await withKey(key, '/api/comments')).status).toBe(200);
    await shot(page, 'api-page-key-created');

    await row.getByRole('button', { name: 'Revoke the key Reporting' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByTestId('api-key-row').count()).toBe(0);
    expect((await withKey(key, '/api/comments')).status).toBe(401);
  });

  it('an endpoint added in the page shows its signing secret once; the reference shows each route with its scope', async () => {
    const { page } = owner;
    const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill('https://example.com/hooks/pagewarden');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByTestId('shown-once').getByLabel('Signing secret of https://example.com/hooks/pagewarden').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId('webhook-row').filter({ hasText: 'example.com/hooks/pagewarden' }).waitFor();

    const list = page.getByTestId('api-operation').filter({ hasText: '/api/comments/{id}/hide' });
    expect(await list.textContent()).toContain('API key scope: moderate');
    expect(await page.getByTestId('api-operation').filter({ hasText: 'List api keys' }).textContent()).toContain('no API key');
    await shot(page, 'api-page-reference');
  });
});
