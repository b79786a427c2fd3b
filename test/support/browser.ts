/**
 * End-to-end browser helpers: Debian's Chromium (through the web harness's launch helper) against the
 * REAL local stack started by the integration global setup: no mocked API. Screenshots go to
 * artifacts/screenshots/e2e-*.png (git-ignored).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, SCREENSHOTS } from '../../web/test/support/harness.js';
import { PASSWORD, uniqueEmail } from './client.js';

export { PASSWORD, uniqueEmail };

/** How long a UI wait may take at most (the machine is small and shared). */
export const UI_TIMEOUT = 30_000;

export const baseUrl = (): string => inject('baseUrl');

export interface E2E {
  browser: Browser;
  close(): Promise<void>;
}

/** One Chromium per test file. */
export async function startBrowser(): Promise<E2E> {
  const { browser, userDataDir } = await launch();
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh context (own cookies) and page on the stack's origin. */
export async function newPage(browser: Browser, viewport = { width: 1366, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', baseURL: baseUrl() });
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT);
  const page = await context.newPage();
  return { context, page };
}

export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `e2e-${name}.png`), fullPage });
}

export interface Person { email: string; firstName: string; lastName: string; password: string }

export function person(tag: string, firstName = 'Alex', lastName = 'Morgan'): Person {
  return { email: uniqueEmail(`e2e-${tag}`), firstName, lastName, password: PASSWORD };
}

/** Register through the Register screen; resolves once the dashboard shows. */
export async function registerInUi(page: Page, who: Person): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First Name').fill(who.firstName);
  await page.getByLabel('Last Name').fill(who.lastName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm Password').fill(who.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** The single toast slot (role status for success, alert for failures). */
export function toast(page: Page) {
  return page.locator('.cg-toaster');
}
