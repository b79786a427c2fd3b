/** The header's alert bell and Settings → Alerts against a mocked API: count, list, mark read, live refetch, failed load, a refused Slack URL. */
import { describe, expect, test } from 'vitest';
import type { Alert, AlertsList } from '@cg/shared';
import { axeViolations, browserSuite, MockApi, newSession } from './support/harness';
import { signedIn } from './support/fixtures';

const suite = browserSuite();
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const quota: Alert = { id: 'a2', kind: 'quota_80', brandId: null, title: 'Monthly analysis quota at 80%', detail: '4,010 of this month\'s 5,000 comment analyses are used (80%).', link: '/settings', createdAt: at(5), read: false };
const reconnect: Alert = { id: 'a1', kind: 'reconnect', brandId: 'page-1', title: 'Acme Shoes needs reconnecting', detail: 'Facebook no longer accepts the connection of Acme Shoes.', link: '/settings', createdAt: at(60), read: false };

/** A bell whose list the test changes; POST /api/alerts/read marks read the way the server does. */
function bellApi(initial: Alert[]) {
  const state: { items: Alert[] } = { items: initial };
  const list = (): AlertsList => ({ items: state.items, unread: state.items.filter((a) => !a.read).length });
  const api = signedIn(new MockApi())
    .on('GET /api/alerts', () => ({ json: list() }))
    .on('POST /api/alerts/read', (req) => {
      const body = req.body as { ids?: string[]; all?: true };
      state.items = state.items.map((a) => (body.all || body.ids?.includes(a.id) ? { ...a, read: true } : a));
      return { json: { unread: list().unread } };
    });
  return { api, state };
}

describe('alert bell', () => {
  test('shows the unread count; opening an alert marks it read; Mark all read clears the count', async () => {
    const { api } = bellApi([quota, reconnect]);
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    const bell = page.getByRole('button', { name: 'Alerts, 2 unread' });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole('region', { name: 'Alerts' });
    await panel.getByText('Monthly analysis quota at 80%').waitFor();
    await panel.getByText('Acme Shoes needs reconnecting').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: /Monthly analysis quota at 80%/ }).click();
    await page.getByRole('button', { name: 'Alerts, 1 unread' }).waitFor();
    expect(api.calls('POST /api/alerts/read')[0]!.body).toEqual({ ids: ['a2'] });
    expect(new URL(page.url()).pathname).toBe('/settings');

    await page.getByRole('button', { name: 'Alerts, 1 unread' }).click();
    await page.getByRole('region', { name: 'Alerts' }).getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Alerts', exact: true }).waitFor();
    expect(api.calls('POST /api/alerts/read')[1]!.body).toEqual({ all: true });
    expect(api.unhandled.filter((u) => u.includes('/api/alerts'))).toEqual([]);
    await context.close();
  });

  test('says when there are none, and refetches when the socket says an alert was raised', async () => {
    const { api, state } = bellApi([]);
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByRole('button', { name: 'Alerts', exact: true }).click();
    await page.getByRole('region', { name: 'Alerts' }).getByText(/No alerts yet/).waitFor();
    await expect.poll(() => api.sockets.length).toBeGreaterThan(0);
    state.items = [quota];
    api.sockets.at(-1)!.send(JSON.stringify({ type: 'alert', count: 1, message: quota.title }));
    await page.getByRole('button', { name: 'Alerts, 1 unread' }).waitFor();
    await page.getByRole('region', { name: 'Alerts' }).getByText('Monthly analysis quota at 80%').waitFor();
    await context.close();
  });

  test('a failed load says so and retries', async () => {
    let fail = true;
    const api = signedIn(new MockApi()).on('GET /api/alerts', () => (fail ? { status: 500, json: { message: 'Internal server error' } } : { json: { items: [reconnect], unread: 1 } }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByRole('button', { name: 'Alerts', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Alerts' });
    await panel.getByRole('alert').waitFor();
    expect(await panel.getByText(/No alerts yet/).count()).toBe(0);
    fail = false;
    await panel.getByRole('button', { name: 'Try again' }).click();
    await panel.getByText('Acme Shoes needs reconnecting').waitFor();
    await context.close();
  });
});

describe('Settings → Alerts', () => {
  test('sends the channels per kind and the Slack URL; a refused URL shows the server\'s message', async () => {
    const api = signedIn(new MockApi())
      .on('PUT /api/alerts/settings', (req) => {
        const body = req.body as { slackUrl?: string | null };
        if (body.slackUrl === 'not a url') return { status: 400, json: { message: 'The Slack webhook URL is not a URL.', errors: [{ field: 'slackUrl', message: 'is not a URL' }] } };
        return { json: { routes: {}, emailRecipients: [], slackUrl: body.slackUrl ?? null, ...(req.body as object) } };
      });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const form = page.locator('section[aria-labelledby="alerts-title"]').getByRole('form', { name: 'Alert settings' });
    await form.getByLabel('Slack incoming-webhook URL').waitFor();
    const surgeMail = form.getByRole('checkbox', { name: 'Email: Surge of negative comments' });
    await surgeMail.locator('xpath=ancestor::label[1]').click();
    expect(await surgeMail.isChecked()).toBe(false);
    await form.getByLabel('Slack incoming-webhook URL').fill('not a url');
    // type=url: the browser refuses it before sending; send it past the browser's check to see the server's answer.
    await form.evaluate((f) => f.setAttribute('novalidate', ''));
    await form.getByRole('button', { name: 'Save alerts' }).click();
    await form.getByRole('alert').getByText('The Slack webhook URL is not a URL.').waitFor();
    await form.getByLabel('Slack incoming-webhook URL').fill('https://hooks.slack.com/services/T0/B0/x');
    await form.getByRole('button', { name: 'Save alerts' }).click();
    await page.getByText('Alert settings saved.').waitFor();
    const sent = api.calls('PUT /api/alerts/settings').at(-1)!.body as any;
    expect(sent.slackUrl).toBe('https://hooks.slack.com/services/T0/B0/x');
    expect(sent.routes.negative_surge).toEqual({ inApp: true, email: false, slack: true });
    expect(sent.routes.quota_80).toEqual({ inApp: true, email: true, slack: true });
    expect(api.unhandled.filter((u) => u.includes('/api/alerts'))).toEqual([]);
    await context.close();
  });
});
