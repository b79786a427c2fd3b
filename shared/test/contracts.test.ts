/** The shared contracts: route table, schemas, plans and display helpers behave as callers rely on. */
import { describe, expect, it } from 'vitest';
import { canAccess, CommentsQuery, displayName, initials, matchRoute, passwordProblems, pathOf, PLANS, RegisterBody, roleRefusal, ROUTES, upgradesFrom, UpdateReplyBody, OverrideBody, type RouteDef } from '../src/index.js';

describe('route table', () => {
  it('has every call of spec section 7', () => {
    const calls = Object.values(ROUTES).map((r) => `${r.method} ${r.path}`);
    for (const c of ['GET /api/user', 'POST /api/logout', 'GET /api/logout', 'GET /api/stats', 'GET /api/activity', 'POST /api/sync-comments',
      'POST /api/comments/bulk-analyze', 'GET /api/comments', 'POST /api/comments/{id}/process', 'POST /api/comments/{id}/approve',
      'POST /api/comments/{id}/override', 'POST /api/comments/{id}/update-reply', 'GET /api/analytics', 'PUT /api/user', 'PUT /api/subscription',
      'GET /api/social-accounts', 'DELETE /api/social-accounts/{id}', 'POST /api/login', 'POST /api/register', 'POST /api/create-subscription',
      'GET /api/auth/facebook', 'GET /api/login']) expect(calls).toContain(c);
  });
  it('declares each method and path once', () => {
    const calls = Object.values(ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });
  it('every signed-in route declares who may call it; public routes declare no role', () => {
    for (const [name, def] of Object.entries(ROUTES) as [string, RouteDef][]) {
      if (def.auth === 'user') expect(def.access, name).toMatch(/^(self|read|moderate|manage|owner)$/);
      else expect(def.access, name).toBeUndefined();
    }
    expect(roleRefusal('viewer', 'moderate')).toBe('Your role (viewer) cannot do this: it needs the owner, admin or moderator role.');
    expect(roleRefusal('admin', 'owner')).toBe('Your role (admin) cannot do this: it needs the owner role.');
    expect(canAccess('moderator', 'manage')).toBe(false);
    expect(canAccess('admin', 'manage')).toBe(true);
  });

  it('matches concrete paths and fills parameters', () => {
    expect(matchRoute('POST', '/api/comments/abc%20d/approve')).toEqual({ name: 'approveComment', params: { id: 'abc d' } });
    expect(matchRoute('GET', '/api/comments')?.name).toBe('listComments');
    expect(matchRoute('PATCH', '/api/comments')).toBeNull();
    expect(pathOf('overrideComment', { id: 'x/y' })).toBe('/api/comments/x%2Fy/override');
  });
});

describe('schemas', () => {
  it('register: email must be an email, names optional', () => {
    expect(RegisterBody.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(RegisterBody.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
  });
  it('comments query coerces numbers and booleans and rejects unknown values', () => {
    expect(CommentsQuery.parse({ limit: '25', offset: '50', pendingOnly: 'true' })).toEqual({ limit: 25, offset: 50, pendingOnly: true });
    expect(CommentsQuery.safeParse({ platform: 'tiktok' }).success).toBe(false);
    expect(CommentsQuery.safeParse({ limit: '0' }).success).toBe(false);
  });
  it('override allows only ignore and reply_sent; a reply must not be empty', () => {
    expect(OverrideBody.safeParse({ action: 'delete' }).success).toBe(false);
    expect(UpdateReplyBody.safeParse({ suggestedReply: '   ' }).success).toBe(false);
  });
  it('password rules are named', () => {
    expect(passwordProblems('abc')).toContain('Password must be at least 8 characters long');
    expect(passwordProblems('Abcdefg1')).toEqual([]);
  });
});

describe('plans and display', () => {
  it('uses the Pricing page figures (design D11)', () => {
    expect(PLANS.map((p) => [p.id, p.price, p.brandLimit])).toEqual([['starter', 8.99, 1], ['growth', 14.99, 3], ['ultimate', 29.99, null]]);
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['growth']);
  });
  it('offers upgrades only', () => {
    expect(upgradesFrom('starter').map((p) => p.id)).toEqual(['growth', 'ultimate']);
    expect(upgradesFrom('ultimate')).toEqual([]);
  });
  it('display name and initials per spec section 3', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.co' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', lastName: '', email: 'a@b.co' })).toBe('a@b.co');
    expect(displayName(null)).toBe('User');
    expect(initials('Ada King Lovelace')).toBe('AK');
    expect(initials('a@b.co')).toBe('A');
  });
});

describe('OpenAPI document', () => {
  it('is generated from the route table and matches the committed docs/openapi.json', async () => {
    const { openApi } = await import('../../scripts/openapi.js');
    const { readFileSync } = await import('node:fs');
    const doc = openApi() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0)).toBe(Object.keys(ROUTES).length);
    expect(JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
