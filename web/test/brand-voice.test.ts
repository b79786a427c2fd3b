/** Settings → Brand voice & answers against a mocked API: loading failures, the brand picker, the sent voice, an entry's errors. */
import { describe, expect, test } from 'vitest';
import type { BrandVoice, KnowledgeEntry } from '@cg/shared';
import { axeViolations, browserSuite, MockApi, newSession } from './support/harness';
import { signedIn } from './support/fixtures';

const suite = browserSuite();
const voice: BrandVoice = { tone: 'playful', signOff: '— Acme', emoji: true, bannedWords: ['cheap'], addressBy: 'first_name', defaultLanguage: 'es', facts: '', responseTargetMinutes: 60 };
const entry: KnowledgeEntry = { id: 'kb-1', topic: 'shipping', title: 'Shipping to Canada', questions: ['Do you ship to Canada?'], answer: 'Yes, 5-7 days.', language: 'en', updatedAt: new Date().toISOString() };
const brands = [{ id: 'page-1', name: 'Acme Shoes', platforms: ['facebook', 'instagram'] }, { id: 'page-2', name: 'Acme Outlet', platforms: ['facebook'] }];

const section = (page: import('playwright-core').Page) => page.locator('section[aria-labelledby="brand-voice-title"]');

describe('brand voice & answers', () => {
  test('a failed load of the brands says so and retries; never shows the empty state', async () => {
    let fail = true;
    const api = signedIn(new MockApi()).on('GET /api/brands', () => (fail ? { status: 500, json: { message: 'Internal server error' } } : { json: [] }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    await section(page).getByRole('alert').waitFor();
    expect(await section(page).getByText('No brands yet').count()).toBe(0);
    fail = false;
    await section(page).getByRole('button', { name: 'Try again' }).click();
    await section(page).getByText('No brands yet: connect a Facebook page').waitFor();
    await context.close();
  });

  test('switching brand loads its voice; saving sends the banned words as a list; a refused entry shows the server\'s message', async () => {
    const api = signedIn(new MockApi())
      .on('GET /api/brands', { json: brands })
      .on('GET /api/brands/page-1/voice', { json: voice })
      .on('GET /api/brands/page-1/knowledge', { json: [entry] })
      .on('GET /api/brands/page-2/voice', { json: { ...voice, tone: 'formal', signOff: '— Outlet' } })
      .on('GET /api/brands/page-2/knowledge', { json: [] })
      .on('PUT /api/brands/page-2/voice', (req) => ({ json: req.body }))
      .on('POST /api/brands/page-2/knowledge', { status: 400, json: { message: 'answer: must not be empty' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const s = section(page);
    const form = s.getByRole('form', { name: 'Brand voice' });
    await s.getByText('Yes, 5-7 days.').waitFor();
    expect(await form.getByLabel('Sign-off').inputValue()).toBe('— Acme');
    await s.getByLabel('Brand', { exact: true }).selectOption('page-2');
    await s.getByText('No answers yet. Add one or import a CSV.').waitFor();
    expect(await form.getByLabel('Sign-off').inputValue()).toBe('— Outlet');
    expect(await form.getByLabel('Tone').inputValue()).toBe('formal');
    await form.getByLabel('Words never to use').fill(' cheap ,  discount,, ');
    await form.getByRole('button', { name: 'Save voice' }).click();
    await expect.poll(() => api.calls('PUT /api/brands/page-2/voice').length).toBe(1);
    expect(api.calls('PUT /api/brands/page-2/voice')[0]!.body).toMatchObject({ tone: 'formal', signOff: '— Outlet', bannedWords: ['cheap', 'discount'], defaultLanguage: 'es' });
    expect(api.calls('PUT /api/brands/page-2/voice')[0]!.body).not.toHaveProperty('banned');

    await s.getByRole('button', { name: 'Add an answer' }).click();
    const editor = s.getByRole('form', { name: 'New answer' });
    expect(await editor.getByLabel('Language').inputValue()).toBe('es');
    await editor.getByLabel('Title').fill('Returns');
    await editor.getByLabel('Questions').fill('Can I return it?');
    await editor.getByLabel('Answer').fill(' ');
    await editor.getByRole('button', { name: 'Save answer' }).click();
    await editor.getByRole('alert').getByText('answer: must not be empty').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });
});
