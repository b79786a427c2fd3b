/** Issue #9 in the SPA, against a mocked API: workspaces, roles, team, audit log, password reset, invitations, banners. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { User } from '@cg/shared';
import { axeViolations, browserSuite, MockApi, newSession, screenshot } from './support/harness';
import { auditEntries, signedIn, user, workspace } from './support/fixtures';

const suite = browserSuite();
const DAY = 24 * 60 * 60 * 1000;
const viewer: User = { ...user, role: 'viewer', workspaceId: 'ws-agency', workspaceName: 'Bright Agency' };

function signedOut(api: MockApi): MockApi {
  return api.on('GET /api/user', { status: 401, json: { message: 'Unauthorized' } });
}

describe('workspace switcher', () => {
  test('lists the workspaces with the role; choosing one switches, reloads every query and reconnects the socket', async () => {
    let current: User = user;
    const api = signedIn(new MockApi())
      .on('GET /api/user', () => ({ json: current }))
      .on('POST /api/workspaces/ws-agency/switch', () => {
        current = viewer;
        return { json: viewer };
      });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    const switcher = page.getByLabel('Workspace', { exact: true });
    await page.getByRole('option', { name: 'Bright Agency · Viewer' }).waitFor({ state: 'attached' });
    expect(await switcher.inputValue()).toBe('ws-ada');
    expect(await page.getByRole('option').allInnerTexts()).toEqual(expect.arrayContaining(['Lovelace Labs · Owner', 'Bright Agency · Viewer']));
    await expect.poll(() => api.sockets.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Process All Comments' }).waitFor();
    const oldSocket = api.sockets.at(-1)!;
    let oldClosed = false;
    oldSocket.onClose(() => { oldClosed = true; });
    const socketsBefore = api.sockets.length;
    const statsBefore = api.calls('GET /api/stats').length;
    const commentsBefore = api.calls('GET /api/comments').length;

    await switcher.selectOption('ws-agency');
    await page.getByText('You are now working in Bright Agency.').waitFor();
    expect(api.calls('POST /api/workspaces/ws-agency/switch')).toHaveLength(1);
    await expect.poll(() => api.calls('GET /api/stats').length).toBeGreaterThan(statsBefore);
    await expect.poll(() => api.calls('GET /api/comments').length).toBeGreaterThan(commentsBefore);
    await expect.poll(() => oldClosed).toBe(true);
    await expect.poll(() => api.sockets.length).toBeGreaterThan(socketsBefore);
    // The new role applies at once: a viewer has no moderation actions.
    await page.getByRole('button', { name: 'Process All Comments' }).waitFor({ state: 'detached' });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a failed list is said, with the current workspace still named', async () => {
    const api = signedIn(new MockApi()).on('GET /api/workspaces', { status: 500, json: { message: 'boom' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.locator('.cg-header').getByText('Lovelace Labs · Owner').waitFor();
    expect(await page.getByLabel('Workspace', { exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('what a role may do', () => {
  test('a viewer sees the queue and settings but no Approve, Edit, Process, Sync, connect, disconnect, plan change, team or audit log', async () => {
    const api = signedIn(new MockApi(), { user: viewer });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByText('Yes, we ship to Canada within 5 days.').waitFor();
    await page.getByText('Promotional spam with an external link.').waitFor();
    for (const name of ['Approve Reply', 'Edit Reply', 'Reject', 'Process with AI', 'Confirm Delete', 'Sync Comments', 'Process All Comments']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    await page.goto(`${suite.origin}/settings`);
    await page.getByRole('heading', { name: 'Connected Accounts' }).waitFor();
    await page.getByText('acme.coffee').waitFor();
    await page.getByText('Only the workspace owner can change the plan.').waitFor();
    for (const name of [/Connect Facebook/, /Disconnect/, /Upgrade to/, /Cancel Subscription/, /Delete workspace/, /Rename/]) {
      expect(await page.getByRole('button', { name }).count(), String(name)).toBe(0);
    }
    expect(await page.getByRole('heading', { name: 'Team' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Audit log' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export my data' }).count()).toBe(0);
    expect(api.calls('GET /api/workspace/invitations')).toEqual([]);
    expect(api.calls('GET /api/audit-log')).toEqual([]);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a moderator moderates but cannot connect, disconnect or manage the team; an admin manages the team but not the plan or the workspace', async () => {
    const api = signedIn(new MockApi(), { user: { ...user, role: 'moderator' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByRole('button', { name: 'Approve Reply' }).waitFor();
    await page.getByRole('button', { name: 'Sync Comments' }).waitFor();
    await page.goto(`${suite.origin}/settings`);
    await page.getByText('acme.coffee').waitFor();
    expect(await page.getByRole('button', { name: /Connect Facebook|Disconnect/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Team' }).count()).toBe(0);
    await context.close();

    const admin = signedIn(new MockApi(), { user: { ...user, role: 'admin' } });
    const s = await newSession(suite.browser, admin);
    await s.page.goto(`${suite.origin}/settings`);
    await s.page.getByRole('heading', { name: 'Team' }).waitFor();
    await s.page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await s.page.getByRole('button', { name: 'Disconnect Acme Coffee' }).waitFor();
    expect(await s.page.getByRole('button', { name: /Upgrade to|Delete workspace/ }).count()).toBe(0);
    await s.context.close();
  });
});

describe('Settings → Team', () => {
  test('members with roles: the owner is fixed; a role change sends PUT; removal asks first', async () => {
    const api = signedIn(new MockApi())
      .on('PUT /api/workspace/members/user-456', (req) => ({ json: { ...workspace, members: [workspace.members[0], { ...workspace.members[1], role: (req.body as { role: string }).role }] } }))
      .on('DELETE /api/workspace/members/user-456', { json: { ...workspace, members: [workspace.members[0]] } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const rows = page.getByTestId('member-row');
    await rows.filter({ hasText: 'grace@example.com' }).waitFor();
    expect(await rows.filter({ hasText: 'ada@example.com' }).getByRole('combobox').count()).toBe(0);
    expect(await rows.filter({ hasText: 'ada@example.com' }).innerText()).toContain('Owner');
    await page.getByLabel('Role of grace@example.com').selectOption('admin');
    await expect.poll(() => api.calls('PUT /api/workspace/members/user-456').map((c) => c.body)).toEqual([{ role: 'admin' }]);

    await page.getByRole('button', { name: 'Remove grace@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove member?' });
    await dialog.getByText(/grace@example.com loses access/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(api.calls('DELETE /api/workspace/members/user-456')).toHaveLength(0);
    await page.getByRole('button', { name: 'Remove grace@example.com' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await rows.filter({ hasText: 'grace@example.com' }).waitFor({ state: 'detached' });
    expect(api.calls('DELETE /api/workspace/members/user-456')).toHaveLength(1);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('an invitation shows its link with a copy button and says it was mailed; a pending one can be revoked', async () => {
    const acceptUrl = 'http://127.0.0.1:9/invite?token=tok-123';
    const api = signedIn(new MockApi())
      .on('POST /api/workspace/invitations', (req) => ({ status: 201, json: { id: 'inv-2', ...(req.body as object), token: 'tok-123', acceptUrl, expiresAt: '2026-01-29T10:00:00.000Z' } }))
      .on('DELETE /api/workspace/invitations/inv-1', { json: { ok: true } });
    const { page, context } = await newSession(suite.browser, api);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.origin });
    await page.goto(`${suite.origin}/settings`);
    const form = page.getByRole('form', { name: 'Invite a member' });
    await form.getByLabel('Email').fill('new.mod@example.com');
    await form.getByLabel('Role').selectOption('viewer');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    const created = page.getByTestId('invitation-created');
    await created.getByText('We also mailed this link to new.mod@example.com.', { exact: false }).waitFor();
    expect(api.calls('POST /api/workspace/invitations')[0]!.body).toEqual({ email: 'new.mod@example.com', role: 'viewer' });
    expect(await created.getByLabel('Invitation link').inputValue()).toBe(acceptUrl);
    await created.getByRole('button', { name: 'Copy link' }).click();
    await created.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(acceptUrl);
    await screenshot(page, 'settings-team');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Revoke the invitation of alan@example.com' }).click();
    await page.getByRole('dialog', { name: 'Revoke invitation?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => api.calls('DELETE /api/workspace/invitations/inv-1').length).toBe(1);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a refused invitation shows the server message; failed lists are errors, not empty lists', async () => {
    const api = signedIn(new MockApi())
      .on('POST /api/workspace/invitations', { status: 409, json: { message: 'grace@example.com is already a member' } })
      .on('GET /api/workspace/invitations', { status: 500, json: { message: 'Internal server error' } })
      .on('GET /api/audit-log', { status: 500, body: '' });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    await page.getByText('Failed to load the audit log.').waitFor();
    await page.getByText('Internal server error').waitFor();
    expect(await page.getByText('No pending invitations.').count()).toBe(0);
    expect(await page.getByText('Nothing has been recorded yet.').count()).toBe(0);
    const form = page.getByRole('form', { name: 'Invite a member' });
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('alert').filter({ hasText: 'grace@example.com is already a member' }).waitFor();
    await context.close();
  });
});

describe('Settings → Audit log', () => {
  test('table, Load more through the cursor, and a CSV export of every page with proper escaping', async () => {
    const tricky = { id: 'au-3', at: '2026-01-10T08:00:00.000Z', actorId: 'u9', actorEmail: 'eve@example.com', action: 'settings.update', target: 'Reply tone, "friendly"', changes: { note: { from: null, to: 'line one\nline two' } } };
    const formula = { id: 'au-4', at: '2026-01-09T08:00:00.000Z', actorId: 'u9', actorEmail: 'eve@example.com', action: 'workspace.rename', target: '=HYPERLINK("x")', changes: {} };
    const api = signedIn(new MockApi()).on('GET /api/audit-log', (req) => {
      const cursor = req.query.get('cursor');
      if (!cursor) return { json: { entries: auditEntries, nextCursor: 'c2' } };
      if (cursor === 'c2') return { json: { entries: [tricky], nextCursor: 'c3' } };
      return { json: { entries: [formula], nextCursor: null } };
    });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const rows = page.getByTestId('audit-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('role: viewer → moderator');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(api.calls('GET /api/audit-log').at(-1)!.query.get('cursor')).toBe('c2');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toBe(
      'Time,Who,Action,Target,Changes\r\n'
      + `${auditEntries[0]!.at},ada@example.com,member.role,grace@example.com,role: viewer → moderator\r\n`
      + `${auditEntries[1]!.at},grace@example.com,comment.approve,c-reply,\r\n`
      + '2026-01-10T08:00:00.000Z,eve@example.com,settings.update,"Reply tone, ""friendly""","note: — → line one\nline two"\r\n'
      + `2026-01-09T08:00:00.000Z,eve@example.com,workspace.rename,"'=HYPERLINK(""x"")",\r\n`,
    );
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('an empty log says so', async () => {
    const api = signedIn(new MockApi()).on('GET /api/audit-log', { json: { entries: [], nextCursor: null } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    await page.getByText('Nothing has been recorded yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await context.close();
  });
});

describe('sign-in protection and password reset', () => {
  test('a 429 on login says to wait, not that the password is wrong', async () => {
    const api = signedOut(new MockApi()).on('POST /api/login', { status: 429, json: { message: 'Too many requests' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/login`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Too many attempts. Please wait a few minutes and try again.', { exact: true }).waitFor();
    expect(await page.getByText('Invalid email or password').count()).toBe(0);
    await context.close();
  });

  test('Forgot password? → email → code and new password → /login with a message', async () => {
    const api = signedOut(new MockApi())
      .on('POST /api/password/forgot', { json: { ok: true } })
      .on('POST /api/password/reset', (req) => ((req.body as { code: string }).code === '123456' ? { json: { ok: true } } : { status: 400, json: { message: 'The code is wrong or has expired.' } }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${suite.origin}/forgot-password`);
    // The URL changes before the lazily loaded page replaces the sign-in form (whose Email field has the same label).
    await page.getByText('Enter your email and we will mail you a code.').waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('If ada@example.com has an account, we have mailed it a code to reset the password.').waitFor();
    expect(api.calls('POST /api/password/forgot')[0]!.body).toEqual({ email: 'ada@example.com' });
    await page.getByLabel('Code').fill('000000');
    await page.getByLabel('New password', { exact: true }).fill('N3w-passphrase!');
    await page.getByLabel('Confirm new password').fill('N3w-passphrase!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText('The code is wrong or has expired.').waitFor();
    await page.getByLabel('Code').fill('123456');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(`${suite.origin}/login`);
    await page.getByText('Your password has been reset. Sign in with your new password.').waitFor();
    expect(api.calls('POST /api/password/reset').at(-1)!.body).toEqual({ email: 'ada@example.com', code: '123456', password: 'N3w-passphrase!' });
    expect(api.unhandled).toEqual([]);
    await context.close();
  });
});

describe('account banners', () => {
  test('an unverified address gets a banner asking for the code; Resend code mails another; the right code removes it', async () => {
    const api = signedIn(new MockApi(), { user: { ...user, emailVerified: false } })
      .on('POST /api/user/verify-email/resend', { json: { ok: true } })
      .on('POST /api/user/verify-email', (req) => ((req.body as { code: string }).code === '424242' ? { json: { ...user, emailVerified: true } } : { status: 400, json: { message: 'The code is wrong or has expired.' } }));
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    const banner = page.getByRole('region', { name: 'Verify your email address' });
    await banner.getByText('enter the code we mailed to ada@example.com').waitFor();
    await banner.getByRole('button', { name: 'Resend code' }).click();
    await banner.getByText('We have mailed you a new code.').waitFor();
    expect(api.calls('POST /api/user/verify-email/resend')).toHaveLength(1);
    await banner.getByLabel('Verification code').fill('111111');
    await banner.getByRole('button', { name: 'Verify' }).click();
    await banner.getByRole('alert').getByText('The code is wrong or has expired.').waitFor();
    await banner.getByLabel('Verification code').fill('424242');
    await banner.getByRole('button', { name: 'Verify' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(api.calls('POST /api/user/verify-email').map((c) => c.body)).toEqual([{ code: '111111' }, { code: '424242' }]);
    await context.close();
  });

  test('a trial shows the days left; an ended one says analysis is paused, with a link to choose a plan', async () => {
    const api = signedIn(new MockApi(), { user: { ...user, trialEndsAt: new Date(Date.now() + 3 * DAY - 60_000).toISOString() } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/dashboard`);
    await page.getByTestId('trial-banner').getByText('Free trial: 3 days left').waitFor();
    await context.close();

    const ended = signedIn(new MockApi(), { user: { ...user, trialEndsAt: new Date(Date.now() - DAY).toISOString() } });
    const s = await newSession(suite.browser, ended);
    await s.page.goto(`${suite.origin}/dashboard`);
    const banner = s.page.getByTestId('trial-banner');
    await banner.getByText('Your free trial has ended. Analysis is paused until a plan is chosen').waitFor();
    expect(await banner.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/subscribe');
    await s.context.close();
  });
});

describe('/invite', () => {
  test('signed out → /register keeps the link → back to /invite → accepted → /dashboard names the workspace', async () => {
    let me: User | null = null;
    const joined: User = { ...user, id: 'user-789', email: 'new@example.com', role: 'moderator', workspaceId: 'ws-ada', workspaceName: 'Lovelace Labs' };
    const api = signedIn(new MockApi())
      .on('GET /api/user', () => (me ? { json: me } : { status: 401, body: '' }))
      .on('POST /api/register', () => {
        me = { ...joined, workspaceName: 'New Person', role: 'owner' };
        return { status: 201, json: me };
      })
      .on('POST /api/invitations/accept', () => {
        me = joined;
        return { json: joined };
      });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/invite?token=tok-123`);
    await page.waitForURL(`${suite.origin}/register?next=%2Finvite%3Ftoken%3Dtok-123`);
    await page.getByLabel('Email').fill('new@example.com');
    await page.getByLabel('Password', { exact: true }).fill('pw123456');
    await page.getByLabel('Confirm Password', { exact: true }).fill('pw123456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${suite.origin}/dashboard`);
    await page.getByText('You joined Lovelace Labs.').waitFor();
    expect(api.calls('POST /api/invitations/accept').map((c) => c.body)).toEqual([{ token: 'tok-123' }]);
    // The switcher names it too; the stats were loaded for it.
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).toBe('ws-ada');
    expect(api.calls('GET /api/stats').length).toBeGreaterThan(0);
    expect(api.unhandled).toEqual([]);
    await context.close();
  });

  test('a used or expired invitation shows why, with a way to use another account', async () => {
    const api = signedIn(new MockApi()).on('POST /api/invitations/accept', { status: 410, json: { message: 'This invitation has already been used.' } });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/invite?token=old`);
    await page.getByRole('alert').getByText('This invitation has already been used.').waitFor();
    await page.getByRole('button', { name: 'Sign in with another account' }).waitFor();
    expect(page.url()).toBe(`${suite.origin}/invite?token=old`);
    await context.close();
  });

  test('a link without a token says it is incomplete', async () => {
    const api = signedIn(new MockApi());
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/invite`);
    await page.getByRole('alert').getByText(/incomplete/).waitFor();
    expect(api.calls('POST /api/invitations/accept')).toEqual([]);
    await context.close();
  });
});
