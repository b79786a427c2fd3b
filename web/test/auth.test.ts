import { describe, expect, test } from 'vitest';
import { axeViolations, browserSuite, MockApi, newSession, screenshot } from './support/harness';
import { signedIn, user } from './support/fixtures';

const suite = browserSuite();

function signedOut(api: MockApi): MockApi {
  return api.on('GET /api/user', { status: 401, json: { message: 'Unauthorized' } });
}

describe('sign-in and registration', () => {
  test('wrong password shows "Invalid email or password"', async () => {
    const api = signedOut(new MockApi()).on('POST /api/login', { status: 401, json: { message: 'Incorrect username or password.' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/login`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(api.calls('POST /api/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'wrong' });
    expect(await page.getByRole('link', { name: /Create one/ }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
    await screenshot(page, 'login-error');
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a network failure on login shows the retry text', async () => {
    const api = signedOut(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.route('**/api/login', (r) => r.abort('failed'));
    await page.goto(`${suite.origin}/login`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('pw');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Login failed. Please try again.').waitFor();
    await context.close();
  });

  test('successful login lands on /dashboard', async () => {
    let signedInNow = false;
    const api = signedIn(new MockApi())
      .on('GET /api/user', () => (signedInNow ? { json: user } : { status: 401, body: '' }))
      .on('POST /api/login', () => {
        signedInNow = true;
        return { json: user };
      });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/login`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${suite.origin}/dashboard`);
    await page.getByRole('heading', { name: 'Comments Queue' }).waitFor();
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('mismatched passwords show "Passwords do not match" and send nothing', async () => {
    const api = signedOut(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/register`);
    await page.getByLabel('Email').fill('new@example.com');
    await page.getByLabel('Password', { exact: true }).fill('one-password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('another-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match').waitFor();
    expect(api.calls('POST /api/register')).toEqual([]);
    await screenshot(page, 'register-mismatch');
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('registration failure shows the server message', async () => {
    const api = signedOut(new MockApi()).on('POST /api/register', { status: 409, json: { message: 'An account with this email already exists' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/register`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('pw123456');
    await page.getByLabel('Confirm Password', { exact: true }).fill('pw123456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('An account with this email already exists').waitFor();
    await context.close();
  });

  test('a plan chosen while signed out comes back after sign-up: /register?plan=growth → /subscribe?plan=growth', async () => {
    let registered = false;
    const api = signedIn(new MockApi())
      .on('GET /api/user', () => (registered ? { json: user } : { status: 401, body: '' }))
      .on('GET /api/billing/config', { json: { publishableKey: null } })
      .on('POST /api/register', () => {
        registered = true;
        return { status: 201, json: user };
      });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/register?plan=growth`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('pw123456');
    await page.getByLabel('Confirm Password', { exact: true }).fill('pw123456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${suite.origin}/subscribe?plan=growth`);
    await context.close();
  });

  test('registration success lands on /dashboard', async () => {
    let registered = false;
    const api = signedIn(new MockApi())
      .on('GET /api/user', () => (registered ? { json: user } : { status: 401, body: '' }))
      .on('POST /api/register', () => {
        registered = true;
        return { status: 201, json: user };
      });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/register`);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('pw123456');
    await page.getByLabel('Confirm Password', { exact: true }).fill('pw123456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${suite.origin}/dashboard`);
    await page.getByRole('heading', { name: 'Comments Queue' }).waitFor();
    expect(api.calls('POST /api/register')[0]?.body).toEqual({ email: 'ada@example.com', password: 'pw123456', firstName: 'Ada', lastName: 'Lovelace' });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a signed-in screen sends a signed-out visitor to /login', async () => {
    const api = signedOut(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    await page.waitForURL(`${suite.origin}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  test('signed out, / shows the public landing page (not the dashboard)', async () => {
    const api = signedOut(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/`);
    await page.locator('a[href="/register"]').first().waitFor();
    expect(await page.getByText('Comments Queue').count()).toBe(0);
    expect(page.url()).toBe(`${suite.origin}/`);
    await context.close();
  });

  test('the session check shows the centred "Loading..." spinner', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = new MockApi().on('GET /api/user', async () => {
      await gate;
      return { status: 401, body: '' };
    });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByRole('status').getByText('Loading...').waitFor();
    release();
    await page.waitForURL(`${suite.origin}/login`);
    await context.close();
  });

  test('an unknown path shows "404 Page Not Found"', async () => {
    const api = signedOut(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/no/such/page`);
    await page.getByText('404 Page Not Found').waitFor();
    await screenshot(page, 'not-found');
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });
});
