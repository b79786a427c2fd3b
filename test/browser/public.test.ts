/**
 * Every public route against the real server (the gateway serving web/dist with the SPA fallback and the
 * real GET /api/user answering 401): each renders its one h1 and key texts; the 404 card for the rest;
 * `/` switches to the dashboard once signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TEXT } from '@cg/shared';
import { newPage, person, registerInUi, shot, startBrowser, type E2E } from '../support/browser.js';

const ROUTES: [path: string, h1: string, keyText?: string][] = [
  ['/', 'Every comment answered. Every troll handled. You stay in control.'],
  ['/use-cases', 'One comment section, many jobs to do'],
  ['/pricing', 'Simple, transparent pricing', TEXT.subscribeNote],
  ['/features', 'Everything you need to moderate comments with confidence'],
  ['/subscribe', 'Choose Your Plan', 'Most Popular'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/refund', 'Refund Policy'],
  ['/facebook-dark-post-comments', 'Moderate Facebook dark post and ad comments'],
  ['/ai-comments-repliers', 'AI comment replies your team approves in one click'],
  ['/auto-flow-schedule', 'A moderation queue that is ready before your team is'],
  ['/reports-dashboard', 'Know what your audience is saying, at a glance'],
  ['/human-moderator-burnout', 'Protect your moderators from burnout'],
  ['/missed-presale-questions', 'Never miss a pre-sale question again'],
  ['/troll-invasions', 'Stop troll invasions before they take over your comments'],
  ['/login', 'Welcome back'],
  ['/register', 'Create your account'],
];

let e2e: E2E;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  e2e = await startBrowser();
  ({ context, page } = await newPage(e2e.browser));
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

describe('public routes on the real server', () => {
  it('each route, loaded directly, renders its single h1 (and key texts) with no console errors', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    page.on('console', (m) => {
      // The signed-out session check answers 401 by design; anything else is a bug.
      if (m.type() === 'error' && !/401/.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
    });
    for (const [path, h1, key] of ROUTES) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor();
      expect(await page.locator('h1').count(), path).toBe(1);
      if (key) await page.getByText(key).first().waitFor();
      const name = path === '/' ? 'landing' : path.slice(1);
      if (['landing', 'pricing', 'features', 'subscribe', 'troll-invasions', 'refund'].includes(name)) await shot(page, `public-${name}`);
    }
    await page.goto('/definitely-not-a-page');
    await page.getByRole('heading', { level: 1, name: TEXT.notFound }).waitFor();
    expect(errors).toEqual([]);
  });

  it('signed in, "/" is the dashboard and the public pages stay reachable', async () => {
    await registerInUi(page, person('public'));
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().and(page.locator('[aria-current="page"]')).waitFor();
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Simple, transparent pricing' }).waitFor();
  });
});
