/** Email verification and password reset with codes mailed to the local mail catcher. */
import { describe, expect, it } from 'vitest';
import { Client, PASSWORD, signedIn, uniqueEmail } from '../support/client.js';
import { codeIn, lastMail, mailsTo } from '../support/mail.js';

const WRONG_CODE = 'The code is wrong or has expired.';
const VERIFY = /verification code/i;
const RESET = /password reset code/i;
const NEW_PASSWORD = 'Fresh-Harbour-42';

/** A code of the right shape that is not this one. */
const otherThan = (code: string) => (code === '000000' ? '000001' : '000000');

async function verifiedUser(tag: string) {
  const s = await signedIn(tag);
  const code = codeIn(await lastMail(s.email, VERIFY));
  const res = await s.client.post('/api/user/verify-email', { code });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${res.text}`);
  return s;
}

describe('email verification', () => {
  it('register mails a code; the user is signed in at once and unverified until the code comes back', async () => {
    const { client, email, user } = await signedIn('verify');
    expect(user.emailVerified).toBe(false);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(VERIFY);
    const code = codeIn(mails[0]!);

    const wrong = await client.post('/api/user/verify-email', { code: otherThan(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(WRONG_CODE);
    expect((await client.get('/api/user')).json.emailVerified).toBe(false);

    const ok = await client.post('/api/user/verify-email', { code });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ email, emailVerified: true });
    expect((await client.get('/api/user')).json.emailVerified).toBe(true);
    expect((await client.post('/api/user/verify-email/resend')).status).toBe(409);
  });

  it('a resent code replaces the first one', async () => {
    const { client, email } = await signedIn('resend');
    const first = codeIn(await lastMail(email, VERIFY));
    expect((await client.post('/api/user/verify-email/resend')).json).toEqual({ ok: true });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = codeIn(mails[1]!);
    if (second !== first) expect((await client.post('/api/user/verify-email', { code: first })).status).toBe(400);
    expect((await client.post('/api/user/verify-email', { code: second })).json.emailVerified).toBe(true);
  });

  it('five wrong tries use up a code', async () => {
    const { client, email } = await signedIn('tries');
    const code = codeIn(await lastMail(email, VERIFY));
    for (let i = 0; i < 5; i++) expect((await client.post('/api/user/verify-email', { code: otherThan(code) })).status).toBe(400);
    const res = await client.post('/api/user/verify-email', { code });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(WRONG_CODE);
  });

  it('a changed email is unverified again and gets its own code; the old address gets nothing more', async () => {
    const { client, email } = await verifiedUser('change');
    const newEmail = uniqueEmail('changed');
    const put = await client.put('/api/user', { firstName: 'Test', lastName: 'User', email: newEmail });
    expect(put.status).toBe(200);
    expect(put.json.emailVerified).toBe(false);
    expect(await mailsTo(email)).toHaveLength(1);
    const code = codeIn(await lastMail(newEmail, VERIFY));
    expect((await client.post('/api/user/verify-email', { code })).json).toMatchObject({ email: newEmail, emailVerified: true });
  });
});

describe('password reset', () => {
  it('forgot → code by mail → reset: the old password is refused, the new one works, other sessions end', async () => {
    const { client: oldSession, email } = await verifiedUser('reset');
    const anon = new Client();
    const forgot = await anon.post('/api/password/forgot', { email: email.toUpperCase() });
    expect(forgot.status).toBe(200);
    expect(forgot.json).toEqual({ ok: true });
    const code = codeIn(await lastMail(email, RESET));

    const wrong = await anon.post('/api/password/reset', { email, code: otherThan(code), password: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(WRONG_CODE);

    const weak = await anon.post('/api/password/reset', { email, code, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.json.message).toMatch(/at least 8 characters/);

    const reset = await anon.post('/api/password/reset', { email, code, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ ok: true });

    expect((await oldSession.get('/api/user')).status).toBe(401);
    expect((await new Client().post('/api/login', { email, password: PASSWORD })).status).toBe(401);
    const login = await new Client().post('/api/login', { email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json.email).toBe(email);

    const again = await anon.post('/api/password/reset', { email, code, password: 'Another-Harbour-43' });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(WRONG_CODE);
  });

  it('an unknown email gets the same answer and no mail', async () => {
    const email = uniqueEmail('nobody');
    const res = await new Client().post('/api/password/forgot', { email });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(await mailsTo(email)).toEqual([]);
    const reset = await new Client().post('/api/password/reset', { email, code: '123456', password: NEW_PASSWORD });
    expect(reset.status).toBe(400);
    expect(reset.json.message).toBe(WRONG_CODE);
  });

  it('an unverified address is mailed nothing but its verification code', async () => {
    const { email } = await signedIn('unverified');
    const res = await new Client().post('/api/password/forgot', { email });
    expect(res.json).toEqual({ ok: true });
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toMatch(VERIFY);
  });

  it('a malformed body is a 400 that names the field', async () => {
    const res = await new Client().post('/api/password/forgot', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toMatch(/email/);
  });
});
