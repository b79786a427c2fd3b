/**
 * Issue 2 in a real browser against the real local stack (gateway, Lambdas, cognito-local, DynamoDB Local):
 * register → /dashboard → sign out → /login; wrong password; mismatched passwords send nothing; the 404 card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@cg/shared';
import { newPage, person, registerInUi, shot, startBrowser, type E2E } from '../support/browser.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startBrowser();
});
afterAll(async () => {
  await e2e?.close();
});

describe('accounts in the browser', () => {
  const who = person('auth');

  it('register → lands on /dashboard → user menu → Sign out → /login; signed out, /dashboard sends to /login', async () => {
    const { context, page } = await newPage(e2e.browser);
    await registerInUi(page, who);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('button', { name: /Account menu for/ }).waitFor();
    expect(await page.getByRole('button', { name: /Account menu for/ }).innerText()).toContain('Alex Morgan');
    await shot(page, 'dashboard-new-user');

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect((await context.cookies()).filter((c) => c.value !== '').map((c) => c.name)).toEqual([]);

    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('sign in with the new account works; a wrong password shows "Invalid email or password"', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong' + who.password);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect((await answer).status()).toBe(401);
    await page.getByRole('alert').filter({ hasText: TEXT.invalidCredentials }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'login-wrong-password');

    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  });

  it('mismatched passwords show "Passwords do not match" and send no request', async () => {
    const { context, page } = await newPage(e2e.browser);
    const registers: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/register') registers.push(r.method());
    });
    await page.goto('/register');
    const other = person('mismatch');
    await page.getByLabel('First Name').fill(other.firstName);
    await page.getByLabel('Email').fill(other.email);
    await page.getByLabel('Password', { exact: true }).fill(other.password);
    await page.getByLabel('Confirm Password').fill(other.password + 'x');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').filter({ hasText: TEXT.passwordsDiffer }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(registers).toEqual([]);
    await shot(page, 'register-mismatch');
    await context.close();
  });

  it('an unknown path shows the "404 Page Not Found" card', async () => {
    const { context, page } = await newPage(e2e.browser);
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: TEXT.notFound }).waitFor();
    await shot(page, 'not-found');
    await context.close();
  });
});
