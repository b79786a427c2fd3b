/** The queue's keyboard (issue 12) against a mocked API: focus moves, actions are sent, keys in fields do nothing. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, MockApi, newSession } from './support/harness';
import { queue, signedIn } from './support/fixtures';

const suite = browserSuite();

function withActions(api: MockApi): MockApi {
  for (const c of queue) for (const a of ['approve', 'hide', 'unhide', 'dismiss', 'delete', 'reply', 'delete-reply']) {
    api.on(`POST /api/comments/${c.id}/${a}`, { json: { ...c, status: a === 'dismiss' ? 'processed' : 'approved', isHidden: a === 'hide', ...(a === 'reply' ? { reply: { id: 'r-1', text: 'x', at: c.timestamp } } : {}) } });
  }
  return api;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-comment-id') ?? null);

async function open(page: Page) {
  await page.goto(`${suite.origin}/dashboard`);
  await page.getByRole('heading', { name: 'Rita Reply' }).waitFor();
}

describe('queue keyboard', () => {
  test('j/k move between cards; x dismisses and the next card takes the focus; h hides, u undoes', async () => {
    const api = withActions(signedIn(new MockApi()));
    const { page, context } = await newSession(suite.browser, api);
    await open(page);
    const ids = await page.getByTestId('comment-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-comment-id')));
    await page.keyboard.press('j');
    await expect.poll(() => focusedId(page)).toBe(ids[0]);
    await page.keyboard.press('j');
    await expect.poll(() => focusedId(page)).toBe(ids[1]);
    await page.keyboard.press('k');
    await expect.poll(() => focusedId(page)).toBe(ids[0]);
    await page.keyboard.press('x');
    await expect.poll(() => focusedId(page)).toBe(ids[1]);
    await expect.poll(() => api.calls(`POST /api/comments/${ids[0]}/dismiss`).length).toBe(1);
    await page.keyboard.press('h');
    await expect.poll(() => api.calls(`POST /api/comments/${ids[1]}/hide`).length).toBe(1);
    await page.locator('.cg-toaster').getByRole('button', { name: 'Undo' }).waitFor();
    await page.keyboard.press('u');
    await expect.poll(() => api.calls(`POST /api/comments/${ids[1]}/unhide`).length).toBe(1);
    await context.close();
  });

  test('keys typed in the search do nothing; / focuses the search; ? lists the keys; d asks before deleting', async () => {
    const api = withActions(signedIn(new MockApi()));
    const { page, context } = await newSession(suite.browser, api);
    await open(page);
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('search');
    await page.keyboard.type('xhd');
    expect(await page.getByLabel('Search the queue').inputValue()).toBe('xhd');
    await page.getByLabel('Search the queue').fill('');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Undo the last action (10 seconds)').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('j');
    const first = await focusedId(page);
    await page.keyboard.press('d');
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
    await dialog.getByText('This is final').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(api.calls(`POST /api/comments/${first}/delete`)).toHaveLength(0);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await context.close();
  });

  test("a server refusal is shown as an error with the server's message, and the card comes back", async () => {
    const api = signedIn(new MockApi()).on('POST /api/comments/c-ignore/dismiss', { status: 409, json: { message: 'The comment was deleted on Instagram meanwhile.' } });
    const { page, context } = await newSession(suite.browser, api);
    await open(page);
    await page.locator('[data-comment-id="c-ignore"]').getByRole('button', { name: 'Dismiss' }).click();
    await page.locator('.cg-toaster [role="alert"]').getByText('The comment was deleted on Instagram meanwhile.').waitFor();
    await page.locator('[data-comment-id="c-ignore"]').waitFor();
    await context.close();
  });

  test('bulk: select the page, confirm with the count, the per-item result is shown', async () => {
    const api = signedIn(new MockApi()).on('POST /api/comments/bulk', (req) => {
      const ids = (req.body as { ids: string[] }).ids;
      return { json: { action: 'dismiss', total: ids.length, succeeded: ids.length - 1, failed: 1, results: ids.map((id, i) => (i === 0 ? { id, ok: false, reason: 'conflict', error: 'Already reviewed' } : { id, ok: true })) } };
    });
    const { page, context } = await newSession(suite.browser, api);
    await open(page);
    const n = await page.getByTestId('comment-card').count();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByLabel('Select page').check();
    await bar.getByText(`${n} selected`).waitFor();
    await bar.getByRole('button', { name: 'Dismiss selected' }).click();
    await page.getByRole('dialog', { name: `Dismiss ${n} comments?` }).getByRole('button', { name: `Dismiss ${n}` }).click();
    await bar.getByTestId('bulk-result').filter({ hasText: `${n - 1} done, 1 failed: Already reviewed (1)` }).waitFor();
    expect((api.calls('POST /api/comments/bulk')[0]!.body as { ids: string[] }).ids).toHaveLength(n);
    await context.close();
  });
});
