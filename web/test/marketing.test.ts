/**
 * Browser tests of the public site (spec section 2, design D8/D11): every public route renders its
 * heading and key texts, passes axe-core (no serious/critical violation), the use-case pages set
 * their head tags, and the /subscribe flow works end to end against a mocked API.
 * Builds the real SPA once (shared harness), serves web/dist, drives Debian's Chromium.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FEATURE_COMPARISON, PLANS } from '@cg/shared/plans';
import { TEXT } from '@cg/shared/texts';
import type { User } from '@cg/shared/entities';
import { axeViolations, browserSuite, MockApi, newSession, screenshot, SCREENSHOTS } from './support/harness';
import { signedIn, user } from './support/fixtures';

const suite = browserSuite();

const signedOut = (api: MockApi) => api.on('GET /api/user', { status: 401, json: { message: 'Unauthorized' } });

const USE_CASE_PATHS = [
  '/facebook-dark-post-comments',
  '/ai-comments-repliers',
  '/auto-flow-schedule',
  '/reports-dashboard',
  '/human-moderator-burnout',
  '/missed-presale-questions',
  '/troll-invasions',
];

/** Claims the design forbids on any page (D11). */
const FORBIDDEN = /money[- ]back|refund guarantee|SOC ?2|99% accura|500\+ brands|4\.9\/5|247 reviews/i;

/** Script paths a signed-out visit to `path` loads. */
async function scriptsOf(path: string): Promise<string[]> {
  const api = signedOut(new MockApi());
  const { page, context } = await newSession(suite.browser, api);
  const urls = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.add(new URL(r.url()).pathname);
  });
  await page.goto(suite.origin + path);
  await page.waitForLoadState('networkidle');
  await context.close();
  return [...urls];
}

async function h1s(page: Page): Promise<string[]> {
  return page.locator('h1').allInnerTexts();
}

async function hrefs(page: Page, name: string | RegExp, scope = 'body'): Promise<string[]> {
  const links = page.locator(scope).getByRole('link', { name, exact: typeof name === 'string' });
  const n = await links.count();
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await links.nth(i).getAttribute('href')) ?? '');
  return out;
}

/** Open a public route signed out, wait for its h1, check the common frame and accessibility. */
async function openPublic(path: string, h1: string | RegExp, shot: string, viewport?: { width: number; height: number }) {
  const api = signedOut(new MockApi());
  const session = await newSession(suite.browser, api, viewport);
  const { page } = session;
  await page.goto(suite.origin + path);
  await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
  expect(await h1s(page)).toHaveLength(1);
  expect(await page.locator('header').count()).toBeGreaterThanOrEqual(1);
  expect(await page.locator('main').count()).toBe(1);
  expect(await page.locator('footer').count()).toBeGreaterThanOrEqual(1);
  expect(await page.locator('body').innerText()).not.toMatch(FORBIDDEN);
  await screenshot(page, shot);
  expect(await axeViolations(page)).toEqual([]);
  return { ...session, api };
}

async function expectTopBar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, to] of [['Home', '/'], ['Use Cases', '/use-cases'], ['Pricing', '/pricing'], ['Features', '/features']] as const) {
    expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(to);
  }
  const header = page.locator('header').first();
  expect(await header.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe('/api/login');
  expect(await header.getByRole('link', { name: 'Get Started', exact: true }).getAttribute('href')).toBe('/api/login');
}

async function expectFooter(page: Page) {
  const footer = page.locator('footer');
  for (const to of ['/privacy', '/terms', '/refund', '/dashboard']) {
    expect(await footer.locator(`a[href="${to}"]`).count()).toBeGreaterThanOrEqual(1);
  }
  expect(await footer.locator('a[href^="mailto:"]').count()).toBeGreaterThanOrEqual(1);
}

describe('public pages', () => {
  test('landing: buttons to /login, /register, /pricing; footer links; light JS', async () => {
    const jsUrls: string[] = [];
    const api = signedOut(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    page.on('request', (r) => {
      if (r.resourceType() === 'script') jsUrls.push(new URL(r.url()).pathname);
    });
    await page.goto(suite.origin + '/');
    await page.getByRole('heading', { level: 1, name: /Every comment answered/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await h1s(page)).toHaveLength(1);
    const main = page.locator('main');
    expect(await main.locator('a[href="/login"]').count()).toBeGreaterThanOrEqual(1);
    expect(await main.locator('a[href="/register"]').count()).toBeGreaterThanOrEqual(1);
    expect(await main.locator('a[href="/pricing"]').count()).toBeGreaterThanOrEqual(1);
    await expectFooter(page);
    expect(await page.locator('body').innerText()).not.toMatch(FORBIDDEN);
    await screenshot(page, 'marketing-landing');
    expect(await axeViolations(page)).toEqual([]);

    // Route-level code splitting: the landing page loads only what it needs. The app shell (React,
    // router, query client, API client) is shared by every route; the landing's own chunks come on top.
    const gzSize = (p: string) => gzipSync(readFileSync(join(suite.root, p)), { level: 9 }).length;
    const landingJs = [...new Set(jsUrls)];
    const total = landingJs.reduce((sum, p) => sum + gzSize(p), 0);
    const shellJs = await scriptsOf('/login');
    const own = landingJs.filter((p) => !shellJs.includes(p));
    const ownSize = own.reduce((sum, p) => sum + gzSize(p), 0);
    console.log(
      `landing JS: ${landingJs.length} files, ${(total / 1024).toFixed(1)} KB gzipped in total; ` +
        `landing-only chunks ${(ownSize / 1024).toFixed(1)} KB (${own.join(', ')}); budget 170 KB total` +
        (total > 170 * 1024 ? ' — OVER BUDGET (app shell: ' + landingJs.filter((p) => !own.includes(p)).map((p) => `${p} ${(gzSize(p) / 1024).toFixed(1)} KB`).join(', ') + ')' : ''),
    );
    expect(ownSize).toBeLessThanOrEqual(20 * 1024);
    // Neither Stripe nor the chart library is fetched on the landing page.
    expect(jsUrls.join(' ')).not.toMatch(/stripe|charts|PaymentForm/i);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('landing at phone width', async () => {
    const { page, context, api } = await openPublic('/', /Every comment answered/, 'marketing-landing-phone', { width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'marketing-landing-phone-top.png') });
    await page.goto(suite.origin + '/pricing');
    await page.getByRole('heading', { level: 1, name: 'Simple, transparent pricing' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'marketing-pricing-phone-top.png') });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('/use-cases: top bar and cards linking the seven pages', async () => {
    const { page, context, api } = await openPublic('/use-cases', /One comment section/, 'marketing-use-cases');
    await expectTopBar(page);
    await expectFooter(page);
    const cardLinks = await page.locator('main a.mk-card--link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(cardLinks)).toEqual(new Set(USE_CASE_PATHS));
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('/pricing: three plan cards from PLANS, buttons to /subscribe, FAQ', async () => {
    const { page, context, api } = await openPublic('/pricing', 'Simple, transparent pricing', 'marketing-pricing');
    await expectTopBar(page);
    for (const plan of PLANS) {
      const card = page.locator(`[data-plan="${plan.id}"]`);
      await expect(card.getByRole('heading', { name: plan.name }).count()).resolves.toBe(1);
      expect(await card.innerText()).toContain(`$${plan.price.toFixed(2)}`);
      expect(await card.getByRole('link').getAttribute('href')).toMatch(/^\/subscribe/);
    }
    expect(await page.locator('[data-plan="growth"]').innerText()).toContain('Most Popular');
    const text = await page.locator('main').innerText();
    expect(text).toContain(TEXT.subscribeNote);
    for (const q of ['Is there a setup fee?', 'How does billing work?', 'Can I cancel anytime?', 'Can I change plans later?']) expect(text).toContain(q);
    await page.getByText('Can I change plans later?').click();
    await page.getByText('Upgrades take effect immediately').waitFor();
    expect(text).not.toMatch(/downgrades? (take|takes) effect immediately/i);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('/features: 6 + 3 + 3 cards, comparison table, closing call to action', async () => {
    const { page, context, api } = await openPublic('/features', /Everything you need/, 'marketing-features');
    await expectTopBar(page);
    const count = (id: string) => page.locator(`section[aria-labelledby="${id}"] .mk-card`).count();
    expect(await page.locator('#core-title').innerText()).toBe('Core AI Features');
    expect(await page.locator('#analytics-title').innerText()).toBe('Analytics & Insights');
    expect(await page.locator('#enterprise-title').innerText()).toBe('Enterprise Ready');
    expect(await count('core-title')).toBe(6);
    expect(await count('analytics-title')).toBe(3);
    expect(await count('enterprise-title')).toBe(3);
    const table = page.getByRole('table');
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Feature', ...PLANS.map((p) => p.name)]);
    expect(await table.locator('tbody tr').count()).toBe(FEATURE_COMPARISON.length);
    expect(await table.locator('tbody tr').first().innerText()).toContain('Unlimited');
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: 'Get Started Now' }).getAttribute('href')).toBe('/api/login');
    expect(await main.getByRole('link', { name: 'View Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('/privacy: last updated June 1, 2025, seven sections incl. deletion and export rights', async () => {
    const { page, context, api } = await openPublic('/privacy', 'Privacy Policy', 'marketing-privacy');
    const main = page.locator('main');
    expect(await main.innerText()).toContain('Last updated: June 1, 2025');
    expect(await main.locator('h2').count()).toBe(7);
    const text = await main.innerText();
    expect(text).toMatch(/Export/);
    expect(text).toMatch(/Delete/);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('/terms: last updated June 1, 2025, four sections', async () => {
    const { page, context, api } = await openPublic('/terms', 'Terms of Service', 'marketing-terms');
    expect(await page.locator('main').innerText()).toContain('Last updated: June 1, 2025');
    expect(await page.locator('main h2').allInnerTexts()).toEqual(['1. Acceptance of Terms', '2. Description of Service', '3. User Responsibilities', '4. Contact Information']);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('/refund: no refunds, cancellation at period end, service credit, disputes via support', async () => {
    const { page, context, api } = await openPublic('/refund', 'Refund Policy', 'marketing-refund');
    const text = await page.locator('main').innerText();
    expect(text).toContain('No Refunds');
    expect(text).toContain('Cancel Subscription');
    expect(text).toContain('subscription settings');
    expect(text).toMatch(/end of your current billing period/);
    expect(text).toMatch(/service credit/);
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(1);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  for (const path of USE_CASE_PATHS) {
    test(`use-case page ${path}: back link, 5 FAQ items, calls to action, head tags`, async () => {
      const { page, context, api } = await openPublic(path, /./, `marketing-uc${path.replace(/\//g, '-')}`);
      await expectTopBar(page);
      const main = page.locator('main');
      expect(await main.getByRole('link', { name: /Back to Use Cases/ }).getAttribute('href')).toBe('/use-cases');
      expect(await main.locator('.mk-faq details').count()).toBe(5);
      expect(await main.locator('a[href="/api/login"]').count()).toBeGreaterThanOrEqual(1);
      expect(await main.locator('a[href="/pricing"]').count()).toBeGreaterThanOrEqual(1);
      // FAQ is keyboard operable
      const summary = main.locator('.mk-faq summary').first();
      await summary.focus();
      await page.keyboard.press('Enter');
      expect(await main.locator('.mk-faq details').first().getAttribute('open')).not.toBeNull();

      const head = await page.evaluate(() => {
        const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute('content') ?? null;
        return {
          title: document.title,
          description: meta('meta[name="description"]'),
          keywords: meta('meta[name="keywords"]'),
          ogTitle: meta('meta[property="og:title"]'),
          ogDescription: meta('meta[property="og:description"]'),
          ogUrl: meta('meta[property="og:url"]'),
          twitterCard: meta('meta[name="twitter:card"]'),
          twitterTitle: meta('meta[name="twitter:title"]'),
          canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
          descriptions: document.head.querySelectorAll('meta[name="description"]').length,
          canonicals: document.head.querySelectorAll('link[rel="canonical"]').length,
        };
      });
      expect(head.title).toMatch(/\| Pagewarden$/);
      expect(head.description?.length).toBeGreaterThan(50);
      expect(head.keywords?.length).toBeGreaterThan(10);
      expect(head.ogTitle).toBe(head.title);
      expect(head.ogDescription).toBe(head.description);
      expect(head.twitterCard).toBe('summary_large_image');
      expect(head.twitterTitle).toBe(head.title);
      expect(head.canonical).toBe(suite.origin + path);
      expect(head.ogUrl).toBe(suite.origin + path);
      expect(head.descriptions).toBe(1);
      expect(head.canonicals).toBe(1);
      expect(api.unhandled).toEqual([]);
      await context.close();
    });
  }

  test('the troll and pre-sale pages cover their topics', async () => {
    const { page, context } = await openPublic('/troll-invasions', /troll invasions/i, 'marketing-troll-2');
    const troll = await page.locator('main').innerText();
    for (const t of ['Delete', 'Shadow-hide', 'Flag for human review', 'Warn the user', 'Coordinated attacks', 'temporarily restrict commenting', 'Review and restore']) expect(troll).toContain(t);
    await page.getByRole('link', { name: 'Back to Use Cases' }).click();
    await page.getByRole('heading', { level: 1, name: /One comment section/ }).waitFor();
    await page.locator('main a[href="/missed-presale-questions"]').click();
    await page.getByRole('heading', { level: 1, name: /pre-sale question/ }).waitFor();
    const presale = await page.locator('main').innerText();
    for (const t of ['within seconds', 'catalog, pricing and FAQ', 'holding reply', 'Escalated when unsure']) expect(presale).toContain(t);
    // SPA navigation updated the head tags too
    expect(await page.evaluate(() => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'))).toBe(suite.origin + '/missed-presale-questions');
    await context.close();
  });
});

describe('/subscribe', () => {
  const growth = PLANS.find((p) => p.id === 'growth')!;
  const freshUser: User = { ...user, subscriptionPlan: 'starter', subscriptionStatus: 'none' };

  test('three plans, Most Popular on Growth, the note; accessible', async () => {
    const { page, context, api } = await openPublic('/subscribe', 'Choose Your Plan', 'subscribe-plans');
    expect(await page.locator('[data-plan]').count()).toBe(3);
    expect(await page.getByText('Most Popular', { exact: true }).count()).toBe(1);
    expect(await page.locator('[data-plan="growth"]').innerText()).toContain('Most Popular');
    expect(await page.getByText(TEXT.subscribeNote, { exact: true }).count()).toBe(1);
    for (const p of PLANS) expect(await page.locator(`[data-plan="${p.id}"]`).innerText()).toContain(`$${p.price.toFixed(2)}`);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('signed out: choosing a plan goes to /register?plan=<id>', async () => {
    const api = signedOut(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(suite.origin + '/subscribe');
    await page.getByRole('button', { name: 'Choose Ultimate' }).click();
    await page.waitForURL(`${suite.origin}/register?plan=ultimate`);
    expect(api.calls('GET /api/user').length).toBeGreaterThanOrEqual(1);
    expect(api.calls('POST /api/create-subscription')).toHaveLength(0);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('?plan= pre-selects the plan', async () => {
    const api = signedOut(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(suite.origin + '/subscribe?plan=growth');
    await page.getByRole('button', { name: 'Continue with Growth' }).waitFor();
    expect(await page.getByRole('button', { name: 'Choose Starter' }).count()).toBe(1);
    expect(await page.locator('[data-plan="growth"]').getAttribute('class')).toContain('mk-plan--selected');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test('no payment keys: notice, plan changes through PUT /api/subscription, success notice, then /dashboard', async () => {
    const api = signedIn(new MockApi(), { user: freshUser })
      .on('GET /api/billing/config', { json: { publishableKey: null } })
      .on('PUT /api/subscription', (req) => ({ json: { ...freshUser, subscriptionPlan: (req.body as { plan: User['subscriptionPlan'] }).plan } }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(suite.origin + '/subscribe?plan=growth');
    await page.getByRole('button', { name: 'Continue with Growth' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete Your Subscription' }).waitFor();
    await page.getByText('Payments are not configured in this environment. Your plan changes immediately without a payment step.', { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).toContain(`$${growth.price.toFixed(2)}`);
    expect(api.calls('POST /api/create-subscription')).toHaveLength(0);
    await screenshot(page, 'subscribe-no-keys');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to Growth' }).click();
    await page.getByText(TEXT.subscriptionSuccessTitle, { exact: true }).waitFor();
    await page.getByText(TEXT.subscriptionSuccess('Growth'), { exact: true }).waitFor();
    expect(api.calls('PUT /api/subscription').map((c) => c.body)).toEqual([{ plan: 'growth' }]);
    await screenshot(page, 'subscribe-success');
    await page.waitForURL(`${suite.origin}/dashboard`, { timeout: 10_000 });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('no payment keys: a refused plan change shows the update failure', async () => {
    const api = signedIn(new MockApi(), { user: freshUser })
      .on('GET /api/billing/config', { json: { publishableKey: null } })
      .on('PUT /api/subscription', { status: 400, json: { message: 'Downgrades are not offered' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(suite.origin + '/subscribe');
    await page.getByRole('button', { name: 'Choose Ultimate' }).click();
    await page.getByRole('button', { name: 'Switch to Ultimate' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(TEXT.subscriptionUpdateFailed).waitFor();
    expect(await alert.innerText()).toContain('Downgrades are not offered');
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('no payment keys: choosing the current plan changes nothing', async () => {
    const api = signedIn(new MockApi(), { user: freshUser }).on('GET /api/billing/config', { json: { publishableKey: null } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(suite.origin + '/subscribe');
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.getByText("You're already on the Starter plan").waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Choose Your Plan');
    expect(api.calls('PUT /api/subscription')).toHaveLength(0);
    await context.close();
  });

  test('create-subscription fails: stays on the plan list with the Error notice', async () => {
    const api = signedIn(new MockApi(), { user: freshUser })
      .on('GET /api/billing/config', { json: { publishableKey: 'pk_test_123' } })
      .on('POST /api/create-subscription', { status: 500, body: 'boom' });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(suite.origin + '/subscribe');
    await page.getByRole('button', { name: 'Choose Growth' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Error', { exact: true }).waitFor();
    expect(await alert.innerText()).toContain(TEXT.createSubscriptionFailed);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Choose Your Plan');
    expect(api.calls('POST /api/create-subscription').map((c) => c.body)).toEqual([{ priceId: growth.priceId }]);
    await screenshot(page, 'subscribe-error');
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('create-subscription without clientSecret: same Error notice', async () => {
    const api = signedIn(new MockApi(), { user: freshUser })
      .on('GET /api/billing/config', { json: { publishableKey: 'pk_test_123' } })
      .on('POST /api/create-subscription', { json: {} });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(suite.origin + '/subscribe');
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.getByRole('alert').getByText(TEXT.createSubscriptionFailed).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Choose Your Plan');
    await context.close();
  });

  test('clientSecret returned: payment step titled "Complete Your Subscription", button disabled until Stripe is ready', async () => {
    const api = signedIn(new MockApi(), { user: freshUser })
      .on('GET /api/billing/config', { json: { publishableKey: 'pk_test_123' } })
      .on('POST /api/create-subscription', { json: { clientSecret: 'pi_123_secret_456' } });
    const { page, context } = await newSession(suite.browser, api);
    // Stripe.js cannot load offline: fail it explicitly and check the page copes.
    await page.route('https://js.stripe.com/**', (r) => r.abort('failed'));
    await page.goto(suite.origin + '/subscribe');
    await page.getByRole('button', { name: 'Choose Growth' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete Your Subscription' }).waitFor();
    const submit = page.getByRole('button', { name: 'Subscribe to Growth' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('alert').getByText('The payment form could not be loaded').waitFor();
    await page.getByRole('button', { name: 'Choose a different plan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Choose Your Plan' }).waitFor();
    expect(api.unhandled).toEqual([]);
    await context.close();
  });
});
