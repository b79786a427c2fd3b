/**
 * The few calls the Subscribe screen makes (spec section 7). A tiny fetch wrapper kept in this one
 * file until the app-wide API client exists: cookies sent, JSON bodies, and any non-OK answer
 * becomes Error(`${status}: ${body || statusText}`) (spec section 8).
 */
import type { User } from '@cg/shared/entities';
import type { PlanId } from '@cg/shared/status';
import { ROUTES } from '@cg/shared/routes';

export class HttpError extends Error {
  constructor(readonly status: number, readonly body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, text, res.statusText);
  return (text ? JSON.parse(text) : null) as T;
}

/** The signed-in user, or null when not signed in (401). */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await request<User>(ROUTES.getUser.method, ROUTES.getUser.path);
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) return null;
    throw err;
  }
}

export interface BillingConfig {
  /** null: payments are not configured in this environment (design D8). */
  publishableKey: string | null;
}

export function fetchBillingConfig(): Promise<BillingConfig> {
  return request<BillingConfig>(ROUTES.billingConfig.method, ROUTES.billingConfig.path);
}

export function createSubscription(priceId: string): Promise<{ clientSecret?: string | null } | null> {
  return request(ROUTES.createSubscription.method, ROUTES.createSubscription.path, { priceId });
}

export function updateSubscription(plan: PlanId): Promise<User> {
  return request<User>(ROUTES.updateSubscription.method, ROUTES.updateSubscription.path, { plan });
}

/** The server's `message` field when the error body is JSON, else the raw error text. */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof HttpError)) return null;
  try {
    const parsed = JSON.parse(err.body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    /* not JSON */
  }
  return err.body || null;
}
