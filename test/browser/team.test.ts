/**
 * Issue #9's invitation flow in a real browser against the REAL local stack: the owner connects,
 * syncs and processes a queue, invites a moderator in Settings → Team; the link, opened in a second
 * browser context with no account, goes through sign-up and lands in the owner's workspace with the
 * moderator role (and its Approve buttons); a viewer invited the same way sees the queue without them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TEXT } from '@cg/shared';
import { newPage, person, registerInUi, shot, startBrowser, toast, type E2E, type Person } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));

let e2e: E2E;
let owner: { context: BrowserContext; page: Page };
const others: BrowserContext[] = [];
const ownerWho = person('team-owner', 'Olive', 'Owner');
const workspaceName = `Team E2E ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  e2e = await startBrowser();
  owner = await newPage(e2e.browser);
  await registerInUi(owner.page, ownerWho);
});
afterAll(async () => {
  for (const c of others) await c.close().catch(() => undefined);
  await owner?.context.close();
  await e2e?.close();
});

/** Settings → Team → invite `email` as `role`; returns the link the screen shows. */
async function invite(email: string, role: 'Moderator' | 'Viewer'): Promise<string> {
  const { page } = owner;
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const created = page.getByTestId('invitation-created');
  await created.getByText(`We also mailed this link to ${email}`, { exact: false }).waitFor();
  const url = await created.getByLabel('Invitation link').inputValue();
  expect(url).toMatch(/\/invite\?token=/);
  await page.getByTestId('invitation-row').filter({ hasText: email }).waitFor();
  return url;
}

/** A new browser context follows the link: sign-up first, then back to accept; ends on the dashboard. */
async function acceptAsNewcomer(acceptUrl: string, who: Person): Promise<Page> {
  const { context, page } = await newPage(e2e.browser);
  others.push(context);
  const link = new URL(acceptUrl);
  await page.goto(`${link.pathname}${link.search}`);
  await page.waitForURL((u) => u.pathname === '/register' && u.searchParams.get('next') === `${link.pathname}${link.search}`);
  await page.getByLabel('First Name').fill(who.firstName);
  await page.getByLabel('Last Name').fill(who.lastName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm Password').fill(who.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText(TEXT.joinedWorkspace(workspaceName)).waitFor();
  return page;
}

/** The header switcher's chosen option. */
async function activeWorkspace(page: Page): Promise<string> {
  const select = page.locator('.cg-header').getByLabel('Workspace', { exact: true });
  await select.locator('option', { hasText: workspaceName }).waitFor({ state: 'attached' });
  return select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
}

describe('team invitations on the real stack', () => {
  it('the owner names the workspace, connects, syncs and processes a queue', async () => {
    const { page } = owner;
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Workspace name').fill(workspaceName);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.cg-kv').getByText(workspaceName).waitFor();
    expect(await activeWorkspace(page)).toBe(`${workspaceName} · Owner`);

    await page.getByRole('button', { name: 'Connect Facebook & Instagram' }).click();
    await page.waitForURL((u) => u.pathname.includes('/dialog/oauth'));
    await page.locator('#continue').click();
    await page.waitForURL((u) => u.pathname === '/settings');
    await toast(page).getByText(TEXT.connectedTitle).waitFor();

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sync Comments' }).click();
    await toast(page).getByText(TEXT.synced).waitFor();
    await page.getByRole('button', { name: 'Process All Comments' }).click();
    await page.getByRole('button', { name: 'Approve Reply' }).first().waitFor({ timeout: 90_000 });
  });

  it('a moderator invited by mail signs up through the link and lands in the workspace as moderator', async () => {
    const mod = person('team-mod', 'Milo', 'Moderator');
    const url = await invite(mod.email, 'Moderator');
    await shot(owner.page, 'team-invited');
    const page = await acceptAsNewcomer(url, mod);
    expect(await activeWorkspace(page)).toBe(`${workspaceName} · Moderator`);
    // The owner's queue, with the moderator's actions.
    await page.getByRole('button', { name: 'Approve Reply' }).first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Sync Comments' }).waitFor();
    await shot(page, 'team-moderator-dashboard');
    // Moderators read settings but neither connect nor manage the team.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Connected Accounts' }).waitFor();
    expect(await page.getByRole('button', { name: /Connect Facebook|Disconnect/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Team' }).count()).toBe(0);

    // The owner sees the new member with the role, and the invitation is no longer pending.
    await owner.page.goto('/settings');
    await owner.page.getByTestId('member-row').filter({ hasText: mod.email }).waitFor();
    expect(await owner.page.getByLabel(`Role of ${mod.email}`).inputValue()).toBe('moderator');
    expect(await owner.page.getByTestId('invitation-row').filter({ hasText: mod.email }).count()).toBe(0);
  });

  it('a viewer sees the queue but no Approve, and no Sync or Process', async () => {
    const viewer = person('team-viewer', 'Vera', 'Viewer');
    const page = await acceptAsNewcomer(await invite(viewer.email, 'Viewer'), viewer);
    expect(await activeWorkspace(page)).toBe(`${workspaceName} · Viewer`);
    await page.getByTestId('comment-card').filter({ hasText: /% confidence/ }).first().waitFor({ timeout: 60_000 });
    for (const name of ['Approve Reply', 'Edit Reply', 'Process with AI', 'Sync Comments', 'Process All Comments']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    await shot(page, 'team-viewer-dashboard');
  });
});
