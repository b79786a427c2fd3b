/**
 * Settings → Brand voice & answers in a real browser against the REAL local stack: the empty state
 * before any page is connected; then the owner picks the brand, saves a voice (it survives a
 * reload), adds an answer, previews and imports a CSV (a wrong row is named; the preview writes
 * nothing; the import adds and replaces), deletes an
 * answer; a viewer sees it all read-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { Client, PASSWORD, uniqueEmail } from '../support/client.js';
import { newPage, person, registerInUi, shot, startBrowser, toast, type E2E } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));

let e2e: E2E;
let context: BrowserContext;
let page: Page;
const owner = person('brand-voice', 'Bea', 'Owner');

const section = () => page.locator('section[aria-labelledby="brand-voice-title"]');

beforeAll(async () => {
  e2e = await startBrowser();
  ({ context, page } = await newPage(e2e.browser));
  await registerInUi(page, owner);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

describe('Settings → Brand voice & answers', () => {
  it('says to connect a page first when there is no brand', async () => {
    await page.goto('/settings');
    await section().getByText('No brands yet: connect a Facebook page').waitFor();
  });

  it('saves the voice of the connected brand; it is there after a reload', async () => {
    await page.getByRole('button', { name: 'Connect Facebook & Instagram' }).click();
    await page.waitForURL((u) => u.pathname.includes('/dialog/oauth'));
    await page.locator('#continue').click();
    await page.waitForURL((u) => u.pathname === '/settings' && u.search === '');
    const form = section().getByRole('form', { name: 'Brand voice' });
    await form.waitFor();
    expect(await section().getByLabel('Brand', { exact: true }).locator('option').count()).toBeGreaterThan(0);
    await form.getByLabel('Tone').selectOption('formal');
    await form.getByLabel('Sign-off').fill('— The Sandbox team');
    await form.getByLabel('Words never to use').fill('cheap, guarantee');
    await form.getByText('Use emoji').click();
    expect(await form.getByLabel('Use emoji').isChecked()).toBe(false);
    await form.getByRole('button', { name: 'Save voice' }).click();
    await toast(page).getByText('Brand voice saved').waitFor();
    await page.reload();
    const again = section().getByRole('form', { name: 'Brand voice' });
    await again.waitFor();
    expect(await again.getByLabel('Tone').inputValue()).toBe('formal');
    expect(await again.getByLabel('Sign-off').inputValue()).toBe('— The Sandbox team');
    expect(await again.getByLabel('Words never to use').inputValue()).toBe('cheap, guarantee');
    expect(await again.getByLabel('Use emoji').isChecked()).toBe(false);
  });

  it('adds an answer, imports a CSV (a wrong row is named), and deletes an answer', async () => {
    await section().getByText('No answers yet. Add one or import a CSV.').waitFor();
    await section().getByRole('button', { name: 'Add an answer' }).click();
    const editor = section().getByRole('form', { name: 'New answer' });
    await editor.getByLabel('Title').fill('Returns');
    await editor.getByLabel('Topic').selectOption('returns');
    await editor.getByLabel('Questions').fill('Can I return it?\nHow do refunds work?');
    await editor.getByLabel('Answer').fill('Returns are free within 30 days.');
    await editor.getByRole('button', { name: 'Save answer' }).click();
    const list = section().getByRole('list', { name: 'Answers' });
    await list.getByText('Returns are free within 30 days.').waitFor();

    const csv = section().getByLabel('CSV');
    await csv.fill('topic,title,question,answer,language\nshipping,Shipping to Canada,Do you ship to Canada?,"Yes, 5-7 days for $15.",en\nweather,Rain,Is it raining?,No,en');
    await section().getByRole('button', { name: 'Preview' }).click();
    await section().getByRole('alert').getByText('Row 3: topic "weather" is not one of', { exact: false }).waitFor();
    await csv.fill('topic,title,question,answer,language\nshipping,Shipping to Canada,Do you ship to Canada?|Envíos a Canadá?,"Yes, 5-7 days for $15.",en\nreturns,Returns,Can I return it?,Within 60 days.,en');
    await section().getByRole('button', { name: 'Preview' }).click();
    const preview = section().getByRole('region', { name: 'Import preview' });
    await preview.getByText('2 answers in this file: 1 new, 1 replacing one with the same title and language.').waitFor();
    expect(await preview.getByRole('row').count()).toBe(3);
    // Nothing is written by the preview.
    await list.getByText('Returns are free within 30 days.').waitFor();
    await preview.getByRole('button', { name: 'Import 2 answers' }).click();
    await section().getByText('Imported 2 answers: 1 added, 1 updated', { exact: false }).waitFor();
    await list.getByText('Within 60 days.').waitFor();
    await list.getByText('Yes, 5-7 days for $15.').waitFor();
    await shot(page, 'brand-voice');

    await list.getByRole('button', { name: 'Delete Returns' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page).getByText('Answer deleted.').waitFor();
    await list.getByText('Within 60 days.').waitFor({ state: 'detached' });
    expect(await list.getByRole('listitem').count()).toBe(1);
  });

  it('a viewer sees the voice and answers read-only', async () => {
    // Invite a viewer into the owner's workspace through the API, then sign in as them.
    const api = new Client();
    expect((await api.post('/api/login', { email: owner.email, password: owner.password })).status).toBe(200);
    const email = uniqueEmail('e2e-voice-viewer');
    const inv = await api.post('/api/workspace/invitations', { email, role: 'viewer' });
    expect(inv.status).toBe(201);
    const viewer = new Client();
    expect((await viewer.post('/api/register', { email, password: PASSWORD, firstName: 'Vera', lastName: 'Viewer' })).status).toBe(201);
    expect((await viewer.post('/api/invitations/accept', { token: inv.json.token })).status).toBe(200);

    const other = await newPage(e2e.browser);
    try {
      const p = other.page;
      await p.goto('/login');
      await p.getByLabel('Email').fill(email);
      await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await p.getByRole('button', { name: 'Sign In' }).click();
      await p.waitForURL('**/dashboard');
      await p.goto('/settings');
      const s = p.locator('section[aria-labelledby="brand-voice-title"]');
      await s.getByText('Only owners and admins can change the brand voice and answers.').waitFor();
      const form = s.getByRole('form', { name: 'Brand voice' });
      await form.waitFor();
      expect(await form.getByLabel('Tone').inputValue()).toBe('formal');
      expect(await form.getByLabel('Tone').isDisabled()).toBe(true);
      expect(await form.getByRole('button', { name: 'Save voice' }).count()).toBe(0);
      await s.getByText('Yes, 5-7 days for $15.').waitFor();
      expect(await s.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
      expect(await s.getByRole('button', { name: 'Preview' }).count()).toBe(0);
    } finally {
      await other.context.close();
    }
  });
});
