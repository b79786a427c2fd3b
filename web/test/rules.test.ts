/** The Rules page against a mocked API: rules with their mode, a mode switch, a new rule, a backtest, the Automation log's bulk undo, the empty and error states. */
import { describe, expect, test } from 'vitest';
import type { AutomationEntry, Rule } from '@cg/shared';
import { axeViolations, browserSuite, MockApi, newSession } from './support/harness';
import { signedIn } from './support/fixtures';

const suite = browserSuite();
const at = '2026-03-01T10:00:00.000Z';
const rule: Rule = { id: 'r1', name: 'No links', brandId: null, mode: 'shadow', conditions: [{ type: 'link' }], action: { type: 'hide' }, order: 0, createdAt: at, updatedAt: at };
const entry = (id: string, over: Partial<AutomationEntry>): AutomationEntry => ({
  id, at, source: 'rule', ruleId: 'r1', reason: 'No links', mode: 'on', commentId: `c-${id}`, authorName: `Author ${id}`, excerpt: 'see spam.xyz',
  action: { type: 'hide' }, outcome: 'done', undoable: true, ...over,
});

function rulesApi(over: { rules?: Rule[]; entries?: AutomationEntry[] } = {}): MockApi {
  return signedIn(new MockApi())
    .on('GET /api/rules', { json: over.rules ?? [rule] })
    .on('GET /api/automation', { json: { entries: over.entries ?? [], nextCursor: null } })
    .on('GET /api/saved-replies', { json: [] });
}

describe('rules page', () => {
  test('lists the rules with their mode; switching the mode sends the rule with it; a new rule is posted', async () => {
    const api = rulesApi()
      .on('PUT /api/rules/r1', (req) => ({ json: { ...rule, ...(req.body as object) } }))
      .on('POST /api/rules', (req) => ({ status: 201, json: { ...rule, ...(req.body as object), id: 'r2', order: 1 } }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/rules`);
    const row = page.getByTestId('rule-row');
    await row.getByText('No links', { exact: true }).waitFor();
    expect(await row.getByText('When has a link → Hide').count()).toBe(1);
    await row.getByLabel('Mode of No links').selectOption('on');
    await expect.poll(() => api.calls('PUT /api/rules/r1').length).toBe(1);
    expect(api.calls('PUT /api/rules/r1')[0]!.body).toMatchObject({ name: 'No links', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'hide' } });

    await page.getByRole('button', { name: 'New rule' }).click();
    const editor = page.getByTestId('rule-editor');
    await editor.getByLabel(/^Name/).fill('Scam words');
    await editor.getByLabel('Condition 1').selectOption('keyword');
    await editor.getByLabel('Words or phrases (comma-separated)').fill('crypto doubler, free money');
    await editor.getByLabel('Then').selectOption('flag');
    await editor.getByLabel('Label').fill('scam?');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(() => api.calls('POST /api/rules').length).toBe(1);
    expect(api.calls('POST /api/rules')[0]!.body).toEqual({
      name: 'Scam words', brandId: null, mode: 'shadow', conditions: [{ type: 'keyword', values: ['crypto doubler', 'free money'] }], action: { type: 'flag', label: 'scam?' },
    });
    await editor.waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a refused rule shows the server\'s message; a backtest shows the counts and the over-hiding warning', async () => {
    const api = rulesApi()
      .on('POST /api/rules', { status: 400, json: { message: 'The regular expression could take forever on some comments' } })
      .on('POST /api/rules/r1/backtest', {
        json: { ruleId: 'r1', days: 30, scanned: 120, matched: 7, byAction: { hide: 7 }, kept: 2, byModeratorAction: { approved: 2, hidden: 5 }, truncated: false,
          examples: [{ commentId: 'c1', content: 'see spam.xyz', authorName: 'Ana', timestamp: at, status: 'approved', kept: true }] },
      });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/rules`);
    await page.getByRole('button', { name: 'New rule' }).click();
    const editor = page.getByTestId('rule-editor');
    await editor.getByLabel(/^Name/).fill('Bad');
    await editor.getByLabel('Condition 1').selectOption('regex');
    await editor.getByLabel('Pattern').fill('(a+)+$');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await editor.getByText('The regular expression could take forever on some comments').waitFor();
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Backtest…' }).click();
    await page.getByRole('button', { name: 'Backtest', exact: true }).click();
    const result = page.getByTestId('backtest-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('would have matched 7 (Hide: 7)');
    expect(await result.innerText()).toContain('Moderators had kept 2 of them');
    expect(api.calls('POST /api/rules/r1/backtest')[0]!.body).toEqual({ days: 30 });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('the Automation log: select entries and undo them together; a refusal per entry is said; a delete offers no undo', async () => {
    const entries = [entry('a', {}), entry('b', {}), entry('c', { action: { type: 'delete' }, undoable: false }), entry('d', { mode: 'shadow', outcome: 'shadow', undoable: false })];
    const api = rulesApi({ entries })
      .on('POST /api/automation/undo', { json: { results: [{ id: 'a', ok: true }, { id: 'b', ok: false, message: 'Already undone by Ada.' }] } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/rules`);
    await page.getByTestId('automation-row').first().waitFor();
    expect(await page.getByTestId('automation-row').count()).toBe(4);
    expect(await page.getByRole('checkbox').count()).toBe(2);
    expect(await page.getByText('Done (cannot be undone)').count()).toBe(1);
    expect(await page.getByText('Would have (shadow)').count()).toBe(1);
    await page.getByLabel("Select Hide of Author a's comment").check();
    await page.getByLabel("Select Hide of Author b's comment").check();
    await page.getByRole('button', { name: 'Undo selected (2)' }).click();
    await page.getByText('Already undone by Ada.').waitFor();
    expect(api.calls('POST /api/automation/undo')[0]!.body).toEqual({ ids: ['a', 'b'] });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('empty: says what rules do; failed: says so with a retry', async () => {
    const empty = rulesApi({ rules: [] });
    const s1 = await newSession(suite.browser, empty);
    await s1.page.goto(`${suite.origin}/rules`);
    await s1.page.getByText('No rules yet.', { exact: false }).waitFor();
    await s1.page.getByText('Nothing automatic has happened yet.').waitFor();
    await s1.context.close();

    let fail = true;
    const failing = rulesApi().on('GET /api/rules', () => (fail ? { status: 500, json: { message: 'boom' } } : { json: [rule] }));
    const s2 = await newSession(suite.browser, failing);
    await s2.page.goto(`${suite.origin}/rules`);
    const retry = s2.page.getByRole('button', { name: 'Try again' }).first();
    await retry.waitFor();
    fail = false;
    await retry.click();
    await s2.page.getByTestId('rule-row').waitFor();
    await s2.context.close();
  });
});
