/** Routes: register, login, logout, the current user and profile changes (spec section 7, design D2). */
import type { IdentityPort } from '../auth/identity.js';
import { clearedSessionCookies, sessionCookies, sessionIdCookie } from '../http/cookies.js';
import type { BillingPort } from '../billing/port.js';
import type { RouteImpls } from '../http/router.js';
import * as accounts from '../domain/accounts.js';
import * as longWork from '../domain/job-kinds.js';
import type { CodeDeps } from '../domain/verification.js';
import { guardSignIn } from '../domain/lockout.js';
import { refuseCommonPassword } from '../auth/common-passwords.js';

export function authRoutes(identity: IdentityPort, codes: CodeDeps, billing: () => Promise<BillingPort | null>): RouteImpls {
  return {
    register: async ({ body, ip }) => {
      await accounts.throttle('register', ip, body.email);
      refuseCommonPassword(body.password);
      const { user, tokens, sessionId } = await accounts.register(identity, body, codes);
      return { status: 201, body: user, cookies: [...sessionCookies(tokens), sessionIdCookie(sessionId)] };
    },
    login: async ({ body, ip }) => {
      const { user, tokens, sessionId } = await guardSignIn(ip, body.email, () => accounts.login(identity, body));
      return { body: user, cookies: [...sessionCookies(tokens), sessionIdCookie(sessionId)] };
    },
    loginRedirect: async () => ({ redirect: '/login' }),
    logout: async ({ accessToken, sessionId }) => {
      if (sessionId) await accounts.endSession(sessionId);
      if (accessToken) await identity.signOut(accessToken);
      return { body: { ok: true }, cookies: clearedSessionCookies() };
    },
    logoutRedirect: async ({ accessToken, sessionId }) => {
      if (sessionId) await accounts.endSession(sessionId);
      if (accessToken) await identity.signOut(accessToken);
      return { redirect: '/login', cookies: clearedSessionCookies() };
    },
    getUser: async ({ userId, workspaceId }) => ({ body: await accounts.requireUser(userId, workspaceId) }),
    updateUser: async ({ userId, workspaceId, body, ip }) => {
      await accounts.throttle('update-user', ip, body.email);
      return { body: await accounts.updateProfile(identity, userId, workspaceId, body, codes) };
    },
    // Big accounts are deleted by a job (202 {job}); Stripe is cancelled first either way.
    deleteUser: async ({ userId, workspaceId }) => {
      const { job } = await longWork.deleteAccountNowOrJob(identity, userId, workspaceId, await billing());
      return { ...(job ? { status: 202, body: { job } } : { body: { ok: true } }), cookies: clearedSessionCookies() };
    },
    // Big workspaces export through a job writing files behind signed links (202 {job}).
    exportUser: async ({ userId, workspaceId }) => {
      const r = await longWork.exportNowOrJob(userId, workspaceId);
      if (r.job) return { status: 202, body: { job: r.job } };
      return { body: r.body, headers: { 'Content-Disposition': `attachment; filename="pagewarden-export-${new Date().toISOString().slice(0, 10)}.json"` } };
    },
  };
}
