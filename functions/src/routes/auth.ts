/** Routes: register, login, logout, the current user and profile changes (spec section 7, design D2). */
import type { IdentityPort } from '../auth/identity.js';
import { clearedSessionCookies, sessionCookies } from '../http/cookies.js';
import type { RouteImpls } from '../http/router.js';
import * as accounts from '../domain/accounts.js';
import * as accountData from '../domain/account-data.js';

export function authRoutes(identity: IdentityPort): RouteImpls {
  return {
    register: async ({ body, ip }) => {
      await accounts.throttle('register', ip, body.email);
      const { user, tokens } = await accounts.register(identity, body);
      return { status: 201, body: user, cookies: sessionCookies(tokens) };
    },
    login: async ({ body, ip }) => {
      await accounts.throttle('login', ip, body.email);
      const { user, tokens } = await accounts.login(identity, body);
      return { body: user, cookies: sessionCookies(tokens) };
    },
    loginRedirect: async () => ({ redirect: '/login' }),
    logout: async ({ accessToken }) => {
      if (accessToken) await identity.signOut(accessToken);
      return { body: { ok: true }, cookies: clearedSessionCookies() };
    },
    logoutRedirect: async ({ accessToken }) => {
      if (accessToken) await identity.signOut(accessToken);
      return { redirect: '/login', cookies: clearedSessionCookies() };
    },
    getUser: async ({ userId }) => ({ body: await accounts.requireUser(userId) }),
    updateUser: async ({ userId, body }) => ({ body: await accounts.updateProfile(identity, userId, body) }),
    deleteUser: async ({ userId }) => {
      await accountData.deleteAccount(identity, userId);
      return { body: { ok: true }, cookies: clearedSessionCookies() };
    },
    exportUser: async ({ userId }) => ({
      body: await accountData.exportData(userId),
      headers: { 'Content-Disposition': `attachment; filename="commentguard-export-${new Date().toISOString().slice(0, 10)}.json"` },
    }),
  };
}
