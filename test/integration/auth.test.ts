/** Accounts and sessions through the local gateway, against DynamoDB Local and cognito-local. */
import { describe, expect, it } from 'vitest';
import { Client, PASSWORD, signedIn, uniqueEmail } from '../support/client.js';

describe('register, session and logout', () => {
  it('register → user → logout → 401', async () => {
    const client = new Client();
    const email = uniqueEmail();
    const reg = await client.post('/api/register', { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
    expect(reg.status).toBe(201);
    expect(reg.json).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', subscriptionPlan: 'starter' });
    const setCookie = reg.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/cg_at=.*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(email);
    expect(me.json.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('GET /api/logout clears the session and redirects to /login; GET /api/login redirects to /login', async () => {
    const { client } = await signedIn();
    const out = await client.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login');
    expect((await client.get('/api/user')).status).toBe(401);
    const login = await new Client().get('/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login');
  });

  it('login with the right and the wrong password', async () => {
    const { email } = await signedIn();
    const client = new Client();
    const bad = await client.post('/api/login', { email, password: 'Wrong-password-1' });
    expect(bad.status).toBe(401);
    expect(bad.json.message).toBe('Invalid email or password');
    const unknown = await client.post('/api/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.status).toBe(401);
    const good = await client.post('/api/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(good.status).toBe(200);
    expect((await client.get('/api/user')).json.email).toBe(email);
  });

  it('a duplicate email is a 409 with a message', async () => {
    const { email } = await signedIn();
    const res = await new Client().post('/api/register', { email, password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('An account with this email already exists');
  });

  it('a weak password is a 400 naming the rule, and creates nothing', async () => {
    const client = new Client();
    const email = uniqueEmail();
    const res = await client.post('/api/register', { email, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('at least 8 characters');
    const again = await client.post('/api/register', { email, password: PASSWORD });
    expect(again.status).toBe(201);
  });

  it('bad input: malformed JSON, wrong types, missing fields, no JSON content type', async () => {
    const client = new Client();
    const malformed = await client.request('POST', '/api/register', '{"email":', { 'Content-Type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe('Malformed JSON body');
    const wrong = await client.post('/api/register', { email: 42, password: true });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
    const missing = await client.post('/api/login', {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/email/);
    const form = await client.request('POST', '/api/login', 'email=a&password=b', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
  });

  it('an expired or invalid access token is refreshed with the refresh token', async () => {
    const { client, email } = await signedIn();
    client.cookies.set('cg_at', 'expired.token.value');
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(email);
    expect(client.cookies.get('cg_at')).not.toBe('expired.token.value');
    // And without a refresh token an invalid access token is just signed out.
    client.cookies.delete('cg_rt');
    client.cookies.set('cg_at', 'expired.token.value');
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('every protected route answers 401 when signed out', async () => {
    const client = new Client();
    for (const [method, path] of [['GET', '/api/user'], ['GET', '/api/stats'], ['GET', '/api/comments'], ['POST', '/api/sync-comments'], ['PUT', '/api/user']] as const) {
      expect((await client.request(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('PUT /api/user changes the profile, and a new email signs in', async () => {
    const { client } = await signedIn();
    const newEmail = uniqueEmail('renamed');
    const res = await client.put('/api/user', { firstName: 'Grace', lastName: 'Hopper', email: newEmail });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: newEmail });
    expect((await client.get('/api/user')).json.firstName).toBe('Grace');
    const fresh = new Client();
    expect((await fresh.post('/api/login', { email: newEmail, password: PASSWORD })).status).toBe(200);
    const bad = await client.put('/api/user', { firstName: 'X', lastName: 'Y', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe('email');
  });

  it('changing to an email another account uses is a 409', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const res = await b.client.put('/api/user', { firstName: 'B', lastName: 'B', email: a.email });
    expect(res.status).toBe(409);
    expect((await b.client.get('/api/user')).json.email).toBe(b.email);
  });

  it('too many login attempts for one email are a 429', async () => {
    const { email } = await signedIn();
    const client = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await client.post('/api/login', { email, password: 'Wrong-password-1' })).status);
    // Five failures are free; then the email waits from this IP (growing delays, security.test.ts).
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  });
});
