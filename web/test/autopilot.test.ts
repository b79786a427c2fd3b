/** Settings → Autopilot against a mocked API: off by default with the calibrated thresholds; what Save sends; a refusal shown with the server's message. */
import { describe, expect, test } from 'vitest';
import { defaultAutopilot } from '@cg/shared/autopilot';
import { axeViolations, browserSuite, MockApi, newSession } from './support/harness';
import { signedIn } from './support/fixtures';

const suite = browserSuite();
const brands = [{ id: 'page-1', name: 'Acme Shoes', platforms: ['facebook', 'instagram'] }];
const section = (page: import('playwright-core').Page) => page.locator('section[aria-labelledby="autopilot-title"]');

describe('autopilot settings', () => {
  test('off by default with the calibrated thresholds; turning it on sends the thresholds (an empty box: never) and the removal', async () => {
    const api = signedIn(new MockApi())
      .on('GET /api/brands', { json: brands })
      .on('GET /api/brands/page-1/voice', { json: { tone: 'friendly', signOff: '', emoji: true, bannedWords: [], addressBy: 'first_name', defaultLanguage: 'en', facts: '' } })
      .on('GET /api/brands/page-1/knowledge', { json: [] })
      .on('PUT /api/brands/page-1/autopilot', (req) => ({ json: { ...defaultAutopilot('page-1'), ...(req.body as object), updatedAt: new Date().toISOString() } }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const form = section(page).getByRole('form', { name: 'Autopilot' });
    await form.getByLabel('Remove scams at confidence ≥').waitFor();
    expect(await form.getByRole('switch', { name: 'Autopilot' }).isChecked()).toBe(false);
    expect(await form.getByLabel('Remove scams at confidence ≥').inputValue()).toBe('80');
    expect(await form.getByLabel('Post knowledge-base answers at confidence ≥').inputValue()).toBe('90');

    await form.getByText('Autopilot', { exact: true }).click();
    expect(await form.getByRole('switch', { name: 'Autopilot' }).isChecked()).toBe(true);
    await form.getByLabel('Hide abuse at confidence ≥').fill('');
    await form.getByLabel('Remove spam at confidence ≥').fill('95');
    await form.getByLabel('Spam and scams are').selectOption('delete');
    await form.getByRole('button', { name: 'Save autopilot' }).click();
    await page.getByText('Autopilot is on for this brand.').waitFor();
    expect(api.calls('PUT /api/brands/page-1/autopilot')[0]!.body).toEqual({ enabled: true, removal: 'delete', thresholds: { spam: 95, scam: 80, abuse: null, answer: 90 } });
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('an out-of-range threshold is refused by the form; a refused save shows the server\'s message', async () => {
    const api = signedIn(new MockApi())
      .on('GET /api/brands', { json: brands })
      .on('GET /api/brands/page-1/voice', { json: { tone: 'friendly', signOff: '', emoji: true, bannedWords: [], addressBy: 'first_name', defaultLanguage: 'en', facts: '' } })
      .on('GET /api/brands/page-1/knowledge', { json: [] })
      .on('PUT /api/brands/page-1/autopilot', { status: 400, json: { message: 'No connected brand has the id page-1' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const form = section(page).getByRole('form', { name: 'Autopilot' });
    // Out of range: the browser refuses the form before anything is sent.
    await form.getByLabel('Remove spam at confidence ≥').fill('20');
    await form.getByRole('button', { name: 'Save autopilot' }).click();
    await form.getByLabel('Remove spam at confidence ≥').fill('60');
    await form.getByRole('button', { name: 'Save autopilot' }).click();
    await form.getByRole('alert').getByText('No connected brand has the id page-1').waitFor();
    expect(api.calls('PUT /api/brands/page-1/autopilot').map((c) => (c.body as any).thresholds.spam)).toEqual([60]);
    await context.close();
  });
});
