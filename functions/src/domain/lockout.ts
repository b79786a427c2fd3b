/**
 * Sign-in lockout that only slows attackers down (issue 9, item 5). Only failures count; a success
 * clears the email's record. Three buckets, each with growing delays once its free failures are
 * used (the base delay, doubling per further failure, up to a cap):
 * - this email from this IP: 5 free, then 30 s doubling up to 15 min (one attacker, one account);
 * - this IP, any email: 50 free, same curve (one attacker, many accounts);
 * - this email, any IP: 20 free, capped at 2 min, so strangers elsewhere never shut the owner out for long.
 */
import { config } from '../config.js';
import { InvalidCredentials } from '../auth/identity.js';
import { NotAuthenticated, Throttled } from './errors.js';
import { stores } from './store-port.js';
import type { FailureRecord } from './model.js';

const { clearFailures, readFailures, recordFailure } = stores.rateLimit;

/** A 429 that says when to try again (the Retry-After header). */
export class TooManyAttempts extends Throttled {}

interface Curve { free: number; baseSeconds: number; maxSeconds: number }

/** Failures are forgotten a day after the last one. */
const FORGET_SECONDS = 24 * 3600;

function curves(): { pair: Curve; ip: Curve; email: Curve } {
  const baseSeconds = config.num('LOCKOUT_BASE_SECONDS', 30);
  const maxSeconds = config.num('LOCKOUT_MAX_SECONDS', 900);
  return {
    pair: { free: config.num('LOCKOUT_FREE_FAILURES', 5), baseSeconds, maxSeconds },
    ip: { free: config.num('LOCKOUT_FREE_PER_IP', 50), baseSeconds, maxSeconds },
    email: { free: config.num('LOCKOUT_FREE_PER_EMAIL', 20), baseSeconds, maxSeconds: Math.min(maxSeconds, config.num('LOCKOUT_MAX_PER_EMAIL_SECONDS', 120)) },
  };
}

/** Seconds to wait after `failures` consecutive failures: none while free, then base × 2^k up to the cap. */
export function delaySeconds(failures: number, c: Curve): number {
  if (failures < c.free) return 0;
  return Math.min(c.maxSeconds, c.baseSeconds * 2 ** Math.min(failures - c.free, 30));
}

function forgotten(rec: FailureRecord | undefined, now: number): boolean {
  return !rec || now - rec.lastFailureAt > FORGET_SECONDS * 1000;
}

/** Seconds left before this bucket may try again (0 when it may). */
export function waitLeft(rec: FailureRecord | undefined, c: Curve, now: number): number {
  if (!rec || forgotten(rec, now)) return 0;
  const until = rec.lastFailureAt + delaySeconds(rec.failures, c) * 1000;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** True for a wrong email or password (the only outcome that counts). */
/** Only a wrong email or password counts: login throws NotAuthenticated for both. */
function isCredentialFailure(err: unknown): boolean {
  return err instanceof NotAuthenticated || err instanceof InvalidCredentials;
}

/** After a password reset the owner proved who they are: their email's failures are forgotten. */
export async function forgetSignInFailures(emailIn: string): Promise<void> {
  await clearFailures(`login#email#${emailIn.toLowerCase()}`);
}

/**
 * Runs a sign-in attempt under the lockout: refuses it with a 429 while any bucket must wait,
 * counts a credential failure in every bucket, and clears the email's records on success.
 */
export async function guardSignIn<T>(ip: string, emailIn: string, attempt: () => Promise<T>, now = Date.now()): Promise<T> {
  const email = emailIn.toLowerCase();
  const c = curves();
  const buckets = { pair: `login#pair#${email}#${ip}`, ip: `login#ip#${ip}`, email: `login#email#${email}` };
  const recs = await readFailures(Object.values(buckets));
  const wait = Math.max(...(Object.keys(buckets) as (keyof typeof buckets)[]).map((k) => waitLeft(recs.get(buckets[k]), c[k], now)));
  if (wait > 0) throw new TooManyAttempts(wait);
  try {
    const result = await attempt();
    await Promise.all([clearFailures(buckets.pair), clearFailures(buckets.email)]);
    return result;
  } catch (err) {
    if (isCredentialFailure(err)) {
      await Promise.all(Object.values(buckets).map((b) => recordFailure(b, FORGET_SECONDS, forgotten(recs.get(b), now), now)));
    }
    throw err;
  }
}
