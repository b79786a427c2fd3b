/** Cookie parsing and the session cookies' attributes (HttpOnly, Secure, SameSite=Lax). */
import { COOKIES } from '@cg/shared';
import { config } from '../config.js';

export function parseCookies(header: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 1) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    try { out[k] = decodeURIComponent(v); } catch { out[k] = v; }
  }
  return out;
}

export function cookieHeader(event: { headers?: Record<string, string | undefined> | null; multiValueHeaders?: Record<string, string[] | undefined> | null }): string {
  const h = event.headers ?? {};
  const single = h.Cookie ?? h.cookie;
  if (single) return single;
  const mv = event.multiValueHeaders ?? {};
  return (mv.Cookie ?? mv.cookie ?? []).join('; ');
}

function serialise(name: string, value: string, maxAge: number): string {
  return [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax', ...(config.cookieSecure ? ['Secure'] : [])].join('; ');
}

export interface SessionTokens { accessToken: string; refreshToken?: string; expiresIn?: number }

export function sessionCookies(t: SessionTokens): string[] {
  const out = [serialise(COOKIES.access, t.accessToken, t.expiresIn ?? 3600)];
  if (t.refreshToken) out.push(serialise(COOKIES.refresh, t.refreshToken, 30 * 24 * 3600));
  return out;
}

/** The server-side session's id (store/sessions.ts), alongside the tokens. */
export function sessionIdCookie(sessionId: string): string {
  return serialise(COOKIES.session, sessionId, 30 * 24 * 3600);
}

export function clearedSessionCookies(): string[] {
  return [serialise(COOKIES.access, '', 0), serialise(COOKIES.refresh, '', 0), serialise(COOKIES.session, '', 0)];
}
