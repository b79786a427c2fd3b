/**
 * One-time codes we mail ourselves (README, Cognito): email verification and password reset.
 * A code is 6 digits, stored only as a salted SHA-256, lives 24 h (verification) or 15 min (reset),
 * allows 5 tries and works once. Nothing but the verification code is mailed to an unverified address.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_TEXT, passwordProblems } from '@cg/shared';
import { InvalidPassword, type IdentityPort } from '../auth/identity.js';
import { Invalid, Missing, StateConflict } from './errors.js';
import { forgetSignInFailures } from './lockout.js';
import type { CodePurpose, CodeStorePort } from './code-port.js';
import type { MailPort } from './ports.js';
import { stores } from './store-port.js';
import type { Profile } from './model.js';

const users = stores.users;
const { revokeUserSessions } = stores.sessions;

export const CODE_TTL_MS: Record<CodePurpose, number> = { verify: 24 * 3600_000, reset: 15 * 60_000 };
export const MAX_TRIES = 5;

export interface CodeDeps { mail: MailPort; codes: CodeStorePort; now?: () => number }
export interface VerificationDeps extends CodeDeps { identity: IdentityPort }

export function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** Makes, stores and returns a fresh code for this purpose, user and address. */
export async function issueCode(deps: CodeDeps, purpose: CodePurpose, userId: string, email: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const now = deps.now?.() ?? Date.now();
  await deps.codes.put(purpose, userId, { hash: hashCode(code, salt), salt, email: email.toLowerCase(), tries: 0, expiresAt: now + CODE_TTL_MS[purpose] });
  return code;
}

/** True, once, for the right unexpired code mailed to `email`; every check of a well-formed code uses a try. */
export async function redeemCode(deps: CodeDeps, purpose: CodePurpose, userId: string, input: string, email: string): Promise<boolean> {
  const code = input.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return false;
  const stored = await deps.codes.takeTry(purpose, userId, MAX_TRIES, deps.now?.() ?? Date.now());
  if (!stored || stored.email !== email.toLowerCase()) return false;
  const given = Buffer.from(hashCode(code, stored.salt), 'hex');
  const expected = Buffer.from(stored.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return deps.codes.consume(purpose, userId, stored.hash);
}

function wrongCode(): Invalid {
  return new Invalid(CODE_TEXT.wrongCode, [{ field: 'code', message: CODE_TEXT.wrongCode }]);
}

async function mailVerificationCode(deps: CodeDeps, userId: string, email: string): Promise<void> {
  const code = await issueCode(deps, 'verify', userId, email);
  await deps.mail.send({ to: email, subject: CODE_TEXT.verifySubject, text: CODE_TEXT.verifyBody(code) });
}

/**
 * A new or changed address: marks it unverified and mails it a verification code. Called after
 * register and after an email change; a mail failure is logged, not thrown (the user can resend).
 */
export async function sendVerificationCode(deps: CodeDeps, userId: string, email: string): Promise<void> {
  await users.setUserFields(userId, { emailVerified: false });
  try {
    await mailVerificationCode(deps, userId, email);
  } catch (err) {
    console.error(JSON.stringify({ msg: 'verification mail failed', userId, error: (err as Error).message }));
  }
}

async function requireProfile(userId: string): Promise<Profile> {
  const user = await users.getProfile(userId);
  if (!user) throw new Missing('User not found');
  return user;
}

/** POST /api/user/verify-email/resend: a new code to the unverified address. */
export async function resendVerification(deps: CodeDeps, userId: string): Promise<void> {
  const user = await requireProfile(userId);
  if (user.emailVerified) throw new StateConflict(CODE_TEXT.alreadyVerified);
  await mailVerificationCode(deps, userId, user.email);
}

/** POST /api/user/verify-email: the mailed code confirms the current address, here and at Cognito. */
export async function verifyEmail(deps: VerificationDeps, userId: string, code: string): Promise<void> {
  const user = await requireProfile(userId);
  if (user.emailVerified) return;
  if (!(await redeemCode(deps, 'verify', userId, code, user.email))) throw wrongCode();
  await deps.identity.markEmailVerified(userId, user.email);
  await users.setUserFields(userId, { emailVerified: true });
}

/** POST /api/password/forgot: mails a reset code when the address is a user's and verified; silent otherwise. */
export async function requestPasswordReset(deps: CodeDeps, emailIn: string): Promise<void> {
  const userId = await users.findUserIdByEmail(emailIn.toLowerCase());
  const user = userId ? await users.getProfile(userId) : null;
  if (!user || !user.emailVerified) return;
  const code = await issueCode(deps, 'reset', user.id, user.email);
  await deps.mail.send({ to: user.email, subject: CODE_TEXT.resetSubject, text: CODE_TEXT.resetBody(code) });
}

/** POST /api/password/reset: the right code sets the new password at Cognito and ends every session. */
export async function resetPassword(deps: VerificationDeps, input: { email: string; code: string; password: string }): Promise<void> {
  const problems = passwordProblems(input.password);
  if (problems.length) throw new Invalid(problems.join('. '), problems.map((message) => ({ field: 'password', message })));
  const userId = await users.findUserIdByEmail(input.email.toLowerCase());
  const user = userId ? await users.getProfile(userId) : null;
  if (!user || !(await redeemCode(deps, 'reset', user.id, input.code, user.email))) throw wrongCode();
  try {
    await deps.identity.setPassword(user.id, input.password);
  } catch (err) {
    if (err instanceof InvalidPassword) throw new Invalid(err.message, [{ field: 'password', message: err.message }]);
    throw err;
  }
  await revokeUserSessions(user.id);
  await forgetSignInFailures(user.email);
}
