/**
 * Issue 12 in a real browser against the REAL local stack and the Meta sandbox: every action from the
 * card and by keyboard, whatever the AI decided; Undo in the toast; errors shown as errors; context on
 * the card; the history drawer; bulk on 200 comments with a confirmation naming the count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { AiDecision } from '@cg/shared';
import { Client, signedIn } from '../support/client.js';
import { connectThroughSandbox, control, syncAll } from '../support/meta.js';
import { baseUrl, newPage, shot, startBrowser, toast, UI_TIMEOUT, type E2E } from '../support/browser.js';

Object.assign(process.env, inject('stackEnv'));
const { decision, makeComment, seed, store } = await import('../support/seed.js');

let e2e: E2E;
let context: BrowserContext;
let page: Page;
let client: Client;
let workspaceId: string;
let pool: any[];
let tagN = 0;

async function sandboxComment(externalId: string): Promise<any> {
  return (await control('comments?deleted=true')).comments.find((c: any) => c.id === externalId);
}
async function pageReplies(externalId: string): Promise<any[]> {
  return (await control('comments?deleted=true')).comments.filter((c: any) => c.parentId === externalId && c.fromPage && !c.deleted);
}

/** A queued sandbox comment with the given AI decision and a unique tag in its text (to find it by search). */
async function queued(over: Partial<AiDecision> | null, group = `qtag${Date.now().toString(36)}`): Promise<{ c: any; tag: string }> {
  const c = pool.shift()!;
  const tag = `${group}x${++tagN}`;
  const s = (await store.getComment(workspaceId, c.id))!;
  const aiDecision = over ? decision({ confidence: 90, ...over }) : null;
  await store.writeComment(s, { ...s, comment: { ...s.comment, content: `${s.comment.content} ${tag}`, status: over ? 'processed' : 'pending', aiDecision } });
  return { c, tag };
}

/** The dashboard searched down to the one card carrying `tag`. */
async function cardOf(tag: string): Promise<Locator> {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 2, name: 'Comments Queue' }).waitFor();
  await page.getByLabel('Search the queue').fill(tag);
  const card = page.getByTestId('comment-card').filter({ hasText: tag });
  await card.waitFor();
  await expect.poll(() => page.getByTestId('comment-card').count(), { timeout: UI_TIMEOUT }).toBe(1);
  return card;
}

/** Nothing focused: the keys act on the queue again. */
async function blur(): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function expectToast(text: string | RegExp): Promise<void> {
  await toast(page).getByText(text).first().waitFor();
}

beforeAll(async () => {
  await control('reset', {});
  ({ client } = await signedIn('queue'));
  workspaceId = (await client.get('/api/user')).json.workspaceId;
  const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');
  await setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
  await connectThroughSandbox(client);
  await syncAll(client);
  const world = (await control('comments?deleted=true')).comments;
  const answered = new Set(world.filter((c: any) => c.fromPage && c.parentId).map((c: any) => c.parentId));
  const all: any[] = [];
  for (let offset = 0; ; offset += 100) {
    const p = (await client.get(`/api/comments?limit=100&offset=${offset}`)).json.comments;
    all.push(...p);
    if (p.length < 100) break;
  }
  pool = all.filter((c) => c.status === 'pending' && !c.parentId && c.platform === 'facebook' && !c.adId && !answered.has(c.externalId));
  expect(pool.length).toBeGreaterThan(12);
  e2e = await startBrowser();
  ({ context, page } = await newPage(e2e.browser));
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: baseUrl() })));
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

describe('every action from the card', () => {
  it('an "ignore" comment offers every action; context is shown; Hide → Undo in the toast unhides it on the page', async () => {
    const { c, tag } = await queued({ decision: 'ignore' });
    const card = await cardOf(tag);
    for (const name of ['Approve', 'Reply', 'Hide', 'Delete', 'Dismiss', 'Block Author']) await card.getByRole('button', { name, exact: true }).waitFor();
    const ctx = card.getByTestId('comment-context');
    await ctx.getByTestId('context-author').waitFor();
    expect(await ctx.getByRole('link', { name: 'View on Facebook' }).count()).toBe(1);
    await shot(page, 'queue-ignore-card', false);

    await card.getByRole('button', { name: 'Hide', exact: true }).click();
    await expectToast('Comment hidden');
    await expect.poll(async () => (await sandboxComment(c.externalId)).hidden).toBe(true);
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expectToast('Comment unhidden');
    await expect.poll(async () => (await sandboxComment(c.externalId)).hidden).toBe(false);
  });

  it('Reply Instead opens the editor with the draft and posts what the moderator sends; Undo deletes our reply', async () => {
    const { c, tag } = await queued({ decision: 'delete', suggestedReply: 'Sorry, we will look into it.' });
    const card = await cardOf(tag);
    await card.getByRole('button', { name: 'Reply Instead' }).click();
    const editor = card.getByLabel('Your reply');
    expect(await editor.inputValue()).toBe('Sorry, we will look into it.');
    await editor.fill('Thanks, a colleague will call you today.');
    await card.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast('Reply posted');
    await expect.poll(async () => (await pageReplies(c.externalId)).map((r) => r.text)).toEqual(['Thanks, a colleague will call you today.']);
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expectToast('Our reply was deleted');
    await expect.poll(async () => (await pageReplies(c.externalId)).length).toBe(0);
  });

  it('Delete asks first and says it is final; Cancel keeps it; Delete for good deletes it on the page', async () => {
    const { c, tag } = await queued({ decision: 'reply', suggestedReply: 'Thanks!' });
    const card = await cardOf(tag);
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
    expect(await dialog.innerText()).toContain('final');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await sandboxComment(c.externalId)).deleted).toBeFalsy();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await expectToast('Comment deleted');
    await card.waitFor({ state: 'detached' });
    await expect.poll(async () => (await sandboxComment(c.externalId)).deleted).toBe(true);
  });

  it('Dismiss takes the card out of the queue without touching the page', async () => {
    const { c, tag } = await queued({ decision: 'ignore' });
    const card = await cardOf(tag);
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await expectToast('Dismissed');
    await card.waitFor({ state: 'detached' });
    expect((await store.getComment(workspaceId, c.id))!.comment.dismissed).toBe(true);
    const world = await sandboxComment(c.externalId);
    expect([world.hidden, world.deleted].some(Boolean)).toBe(false);
  });

  it('Block Author asks first, then blocks on the page', async () => {
    const { c, tag } = await queued({ decision: 'hide' });
    const card = await cardOf(tag);
    await card.getByRole('button', { name: 'Block Author' }).click();
    await page.getByRole('dialog', { name: 'Block the author?' }).getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast('Author blocked');
    await expect.poll(async () => (await store.getComment(workspaceId, c.id))!.comment.authorBlocked).toBe(true);
  });

  it('Private Reply on a fresh comment sends one private message through the platform; the comment leaves the queue as answered', async () => {
    const sandboxPage = (await control('state')).pages[0];
    const tag = `prtag${Date.now().toString(36)}`;
    const created = (await control('comments', { pageId: sandboxPage.id, platform: 'facebook', ad: false, message: `Can you DM me the price? ${tag}` })).comment;
    await control('webhooks/flush', {});
    await expect.poll(async () => (await client.get(`/api/comments?search=${tag}`)).json.total, { timeout: UI_TIMEOUT }).toBe(1);
    const card = await cardOf(tag);
    await card.getByRole('button', { name: 'Private Reply' }).click();
    await card.getByLabel('Private message').fill('Hi! It is 25 € with free shipping.');
    await card.getByRole('button', { name: 'Send Private Reply' }).click();
    await expectToast('Private reply sent');
    await expect.poll(async () => (await control('state')).privateReplies.filter((r: any) => r.commentId === created.id).map((r: any) => r.text))
      .toEqual(['Hi! It is 25 € with free shipping.']);
    // Answered privately, the comment leaves the queue and says so wherever it is listed.
    await card.waitFor({ state: 'detached' });
    const stored = (await client.get(`/api/comments?search=${tag}`)).json.comments[0];
    expect(stored).toMatchObject({ status: 'replied' });
    expect(stored.privateReplyAt).toBeTruthy();
  });

  it('a refusal by the platform is shown as an error with the server\'s message, never as success; nothing is posted', async () => {
    const { c, tag } = await queued({ decision: 'ignore' });
    const card = await cardOf(tag);
    await control('faults', { match: `${c.externalId}/comments`, code: 10, method: 'POST' });
    await card.getByRole('button', { name: 'Reply', exact: true }).click();
    await card.getByLabel('Your reply').fill('Refused?');
    await card.getByRole('button', { name: 'Post Reply' }).click();
    const alert = page.locator('.cg-toast[role="alert"]');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain('The action failed');
    expect(text.length).toBeGreaterThan('The action failed'.length + 5);
    expect(await toast(page).getByText('Reply posted').count()).toBe(0);
    expect(await pageReplies(c.externalId)).toEqual([]);
    // The card is still in the queue.
    await card.waitFor();
  });
});

describe('by keyboard', () => {
  it('j/k move focus; h hides, u undoes; r replies; x dismisses; d asks first; ? lists the keys; keys typed in the search do nothing', async () => {
    const common = `keys${Date.now().toString(36)}`;
    const a = await queued({ decision: 'ignore' }, common);
    const b = await queued({ decision: 'reply', suggestedReply: 'Happy to help!' }, common);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 2, name: 'Comments Queue' }).waitFor();
    // Typing in the search (keys included) does not act on cards.
    await page.getByLabel('Search the queue').fill(common);
    await expect.poll(() => page.getByTestId('comment-card').count(), { timeout: UI_TIMEOUT }).toBe(2);
    await page.getByLabel('Search the queue').press('x');
    await page.getByLabel('Search the queue').fill(common);
    await blur();
    const focusedId = () => page.evaluate(() => document.activeElement?.getAttribute('data-comment-id') ?? null);
    await page.keyboard.press('j');
    await expect.poll(focusedId).not.toBeNull();
    const first = await focusedId();
    await page.keyboard.press('j');
    await expect.poll(focusedId).not.toBe(first);
    await page.keyboard.press('k');
    await expect.poll(focusedId).toBe(first);

    // Focus the card of `a` and hide it with h; u undoes.
    if (first !== a.c.id) await page.keyboard.press('j');
    await expect.poll(focusedId).toBe(a.c.id);
    await page.keyboard.press('h');
    await expectToast('Comment hidden');
    await expect.poll(async () => (await sandboxComment(a.c.externalId)).hidden).toBe(true);
    await page.keyboard.press('u');
    await expectToast('Comment unhidden');
    await expect.poll(async () => (await sandboxComment(a.c.externalId)).hidden).toBe(false);

    // r on b: the editor opens with the draft, typing in it is text; Enter posts.
    await page.getByLabel('Search the queue').fill(b.tag);
    await expect.poll(() => page.getByTestId('comment-card').count(), { timeout: UI_TIMEOUT }).toBe(1);
    await blur();
    await page.keyboard.press('j');
    await expect.poll(focusedId).toBe(b.c.id);
    await page.keyboard.press('r');
    const editor = page.getByLabel('Your reply');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await editor.inputValue()).toBe('Happy to help!');
    await editor.press('End');
    await page.keyboard.type(' (xdh)');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast('Reply posted');
    await expect.poll(async () => (await pageReplies(b.c.externalId)).map((r) => r.text)).toEqual(['Happy to help! (xdh)']);

    // ? lists the keys.
    await page.getByLabel('Search the queue').fill('');
    await blur();
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await keys.getByText('Dismiss: reviewed, nothing to do').waitFor();
    await keys.getByRole('button', { name: 'Close' }).click();
    // / focuses the search.
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('search');
  });

  it('x dismisses and the next card takes the focus; d asks first, Enter on "Delete for good" deletes', async () => {
    const a = await queued({ decision: 'ignore' });
    const b = await queued({ decision: 'delete' });
    await page.goto('/dashboard');
    await page.getByLabel('Search the queue').fill('qtag');
    await expect.poll(() => page.getByTestId('comment-card').filter({ hasText: a.tag }).count(), { timeout: UI_TIMEOUT }).toBe(1);
    await page.getByTestId('comment-card').filter({ hasText: a.tag }).focus();
    await page.keyboard.press('x');
    await expectToast('Dismissed');
    await page.getByTestId('comment-card').filter({ hasText: a.tag }).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('comment-card');
    await page.getByTestId('comment-card').filter({ hasText: b.tag }).focus();
    await page.keyboard.press('d');
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete for good' }).press('Enter');
    await expectToast('Comment deleted');
    await expect.poll(async () => (await sandboxComment(b.c.externalId)).deleted).toBe(true);
  });
});

describe('All Comments', () => {
  it('the detail drawer lists the comment\'s history: who did what', async () => {
    const { c, tag } = await queued({ decision: 'ignore' });
    expect((await client.post(`/api/comments/${c.id}/hide`)).status).toBe(200);
    await page.goto('/comments');
    await page.getByRole('heading', { level: 1, name: 'All Comments' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(tag);
    const row = page.getByTestId('comment-row').filter({ hasText: tag });
    await row.waitFor();
    await row.getByRole('button', { name: /Details and actions/ }).click();
    const drawer = page.getByTestId('comment-drawer');
    await drawer.getByTestId('comment-history').waitFor();
    expect(await drawer.getByTestId('comment-history').innerText()).toMatch(/Test User/);
    // Undo later, from the history: Unhide.
    await drawer.getByRole('button', { name: 'Unhide' }).click();
    await expectToast('Comment unhidden');
    await expect.poll(async () => (await sandboxComment(c.externalId)).hidden).toBe(false);
    await shot(page, 'comment-drawer', false);
  });
});

describe('bulk', () => {
  it('200 comments: select the page, then all 200 matching; Approve names the count; the result is per item', async () => {
    const tag = `bulk${Date.now().toString(36)}`;
    const comments = Array.from({ length: 200 }, (_, i) => makeComment({ content: `${tag} number ${i}`, status: 'processed', aiDecision: decision() }));
    await seed(workspaceId, comments);
    await page.goto('/dashboard');
    await page.getByLabel('Search the queue').fill(tag);
    await page.getByRole('heading', { level: 2, name: 'Comments Queue' }).waitFor();
    await page.getByText('200 comments awaiting review').waitFor();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByLabel('Select page').check();
    await bar.getByText('25 selected').waitFor();
    await bar.getByRole('button', { name: 'Select all 200 matching' }).click();
    await bar.getByText('200 selected').waitFor();
    await bar.getByRole('button', { name: 'Approve selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 200 comments?' });
    await dialog.getByRole('button', { name: 'Approve 200' }).click();
    await bar.getByTestId('bulk-result').filter({ hasText: '200 done, 0 failed' }).waitFor({ timeout: 90_000 }).catch(async (err) => {
      await shot(page, 'bulk-200-debug');
      throw new Error(`toast: ${await toast(page).innerText()} | bar: ${await bar.innerText()}`, { cause: err });
    });
    await page.getByText(/^0 comments awaiting review/).waitFor();
    expect((await client.get(`/api/comments?pendingOnly=true&search=${tag}`)).json.total).toBe(0);
    // Over 100 comments the bulk ran as a job (issue 13): its bar stays at 100 % until dismissed.
    const job = page.locator('[data-testid="job-progress"][data-kind="bulk"][data-status="succeeded"]');
    expect(await job.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await job.getByRole('button', { name: 'Dismiss' }).click();
    await job.waitFor({ state: 'detached' });
  });

  it('a bulk with failures says how many failed and why', async () => {
    const tag = `bulkf${Date.now().toString(36)}`;
    const comments = Array.from({ length: 3 }, (_, i) => makeComment({ content: `${tag} n${i}`, status: 'processed', aiDecision: decision() }));
    await seed(workspaceId, comments);
    await page.goto('/dashboard');
    await page.getByLabel('Search the queue').fill(tag);
    await expect.poll(() => page.getByTestId('comment-card').count(), { timeout: UI_TIMEOUT }).toBe(3);
    const bar = page.getByTestId('bulk-bar');
    await bar.getByLabel('Select page').check();
    // One of them is dismissed by someone else meanwhile.
    expect((await client.post(`/api/comments/${comments[0]!.id}/dismiss`)).status).toBe(200);
    await bar.getByRole('button', { name: 'Dismiss selected' }).click();
    await page.getByRole('dialog', { name: 'Dismiss 3 comments?' }).getByRole('button', { name: 'Dismiss 3' }).click();
    await bar.getByTestId('bulk-result').filter({ hasText: /^2 done, 1 failed: / }).waitFor().catch(async (err) => {
      await shot(page, 'bulk-failure-debug');
      throw new Error(`toast: ${await toast(page).innerText()} | bar: ${await bar.innerText()}`, { cause: err });
    });
    await page.locator('.cg-toast[role="alert"]').getByText(/2 done, 1 failed/).waitFor();
  });
});
