/** Settings → Scheduled automation against a mocked API: off until saved with the browser's zone; what Save sends; the next runs in the brand's zone; a refusal and a failed load shown. */
import { describe, expect, test } from 'vitest';
import { axeViolations, browserSuite, MockApi, newSession } from './support/harness';
import { signedIn } from './support/fixtures';

const suite = browserSuite();
const brands = [{ id: 'page-1', name: 'Acme Shoes', platforms: ['facebook', 'instagram'] }];
const section = (page: import('playwright-core').Page) => page.locator('section[aria-labelledby="schedule-title"]');
const voice = { tone: 'friendly', signOff: '', emoji: true, bannedWords: [], addressBy: 'first_name', defaultLanguage: 'en', facts: '' };

describe('scheduled automation settings', () => {
  test('off until saved, in the browser\'s zone; weekdays at two times sends them; the next runs show in the brand\'s zone', async () => {
    const api = signedIn(new MockApi())
      .on('GET /api/brands', { json: brands })
      .on('GET /api/brands/page-1/voice', { json: voice })
      .on('GET /api/brands/page-1/knowledge', { json: [] })
      .on('PUT /api/brands/page-1/schedule', (req) => ({
        json: { brandId: 'page-1', ...(req.body as object), updatedAt: new Date().toISOString(), nextRuns: ['2030-01-07T14:00:00.000Z', '2030-01-07T22:30:00.000Z'] },
      }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const form = section(page).getByRole('form', { name: 'Scheduled automation' });
    await form.getByLabel('Schedule').waitFor();
    expect(await form.getByLabel('Schedule').inputValue()).toBe('off');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await form.getByLabel('Time zone').inputValue()).toBe(zone);
    await form.getByText('No scheduled runs for this brand.').waitFor();

    await form.getByLabel('Schedule').selectOption('weekdays');
    await form.getByLabel('Time zone').selectOption('America/New_York');
    await form.getByRole('button', { name: 'Add a time' }).click();
    await form.getByLabel('Run time 2').fill('17:30');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText(/Scheduled: next run/).waitFor();
    expect(api.calls('PUT /api/brands/page-1/schedule')[0]!.body).toEqual({ preset: 'weekdays', times: ['09:00', '17:30'], timeZone: 'America/New_York' });
    // 14:00 UTC on Monday 7 January 2030 is 09:00 in New York.
    const runs = section(page).getByRole('region', { name: 'Next runs' });
    await runs.getByText('America/New_York', { exact: false }).waitFor();
    expect(await runs.locator('time').first().textContent()).toMatch(/09:00|9:00\s*AM/);
    expect(await runs.locator('time').nth(1).textContent()).toMatch(/17:30|5:30\s*PM/);
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a refused save shows the server\'s message; a schedule that cannot be loaded says so with a retry', async () => {
    let fail = true;
    const api = signedIn(new MockApi())
      .on('GET /api/brands', { json: brands })
      .on('GET /api/brands/page-1/voice', { json: voice })
      .on('GET /api/brands/page-1/knowledge', { json: [] })
      .on('GET /api/brands/page-1/schedule', () => (fail ? { status: 500, json: { message: 'Internal server error' } } : { json: { brandId: 'page-1', preset: 'daily', times: ['08:00'], timeZone: 'Europe/Berlin', updatedAt: '2030-01-01T00:00:00.000Z', nextRuns: ['2030-01-02T07:00:00.000Z'] } }))
      .on('PUT /api/brands/page-1/schedule', { status: 400, json: { message: 'timeZone: must be an IANA time zone name such as Europe/Berlin or America/New_York' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const retry = section(page).getByRole('button', { name: /retry|try again/i });
    await retry.waitFor();
    fail = false;
    await retry.click();
    const form = section(page).getByRole('form', { name: 'Scheduled automation' });
    await form.getByLabel('Run time').waitFor();
    expect(await form.getByLabel('Schedule').inputValue()).toBe('daily');
    expect(await form.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
    expect(await form.getByLabel('Run time').inputValue()).toBe('08:00');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await form.getByRole('alert').getByText(/timeZone: must be an IANA time zone/).waitFor();
    await context.close();
  });
});
