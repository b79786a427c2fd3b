/** Accounts: register, sign in, profile changes and account deletion, over the identity port and the store. */
import { randomUUID } from 'node:crypto';
import { passwordProblems, type User } from '@cg/shared';
import { InvalidCredentials, InvalidPassword, type AuthTokens, type IdentityPort } from '../auth/identity.js';
import { config } from '../config.js';
import { BadRequest, Conflict, NotFound, TooManyRequests, Unauthorized } from '../http/errors.js';
import { countAttempt } from '../store/rate-limit.js';
import * as users from '../store/users.js';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const INVALID_LOGIN = 'Invalid email or password';

/** Throttles an action per IP and per email (429 past the limit). */
export async function throttle(action: string, ip: string, email: string): Promise<void> {
  const w = config.rateLimitWindowSeconds;
  const [byIp, byEmail] = await Promise.all([
    countAttempt(`${action}#ip#${ip}`, w),
    countAttempt(`${action}#email#${email.toLowerCase()}`, w),
  ]);
  if (byIp > config.rateLimitPerIp || byEmail > config.rateLimitPerEmail) throw new TooManyRequests();
}

export async function register(identity: IdentityPort, input: { email: string; password: string; firstName: string; lastName: string }): Promise<{ user: User; tokens: AuthTokens }> {
  const email = input.email.toLowerCase();
  const problems = passwordProblems(input.password);
  if (problems.length) throw new BadRequest(problems.join('. '), problems.map((message) => ({ field: 'password', message })));
  if (await users.findUserIdByEmail(email)) throw new Conflict(EMAIL_TAKEN);

  const userId = randomUUID();
  try {
    await identity.signUp(userId, email, input.password);
  } catch (err) {
    if (err instanceof InvalidPassword) throw new BadRequest(err.message, [{ field: 'password', message: err.message }]);
    throw err;
  }
  const user: User = {
    id: userId, email, firstName: input.firstName, lastName: input.lastName, subscriptionPlan: 'starter',
    subscriptionStatus: 'none', cancelAt: null, currentPeriodEnd: null, notice: null, autoAnalyze: true, createdAt: new Date().toISOString(),
  };
  try {
    await users.createUser(user);
  } catch (err) {
    await identity.deleteUser(userId).catch(() => undefined); // undo the identity so nothing is half-written
    if (err instanceof users.EmailTaken) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
  const tokens = await identity.signIn(userId, input.password);
  return { user, tokens };
}

export async function login(identity: IdentityPort, input: { email: string; password: string }): Promise<{ user: User; tokens: AuthTokens }> {
  const userId = await users.findUserIdByEmail(input.email);
  if (!userId) throw new Unauthorized(INVALID_LOGIN);
  let tokens: AuthTokens;
  try {
    tokens = await identity.signIn(userId, input.password);
  } catch (err) {
    if (err instanceof InvalidCredentials) throw new Unauthorized(INVALID_LOGIN);
    throw err;
  }
  const user = await users.getUser(userId);
  if (!user) throw new Unauthorized(INVALID_LOGIN);
  return { user, tokens };
}

export async function requireUser(userId: string): Promise<User> {
  const user = await users.getUser(userId);
  if (!user) throw new NotFound('User not found');
  return user;
}

/** Name and email change; a new email moves in Cognito too (and back in the store if Cognito refuses). */
export async function updateProfile(identity: IdentityPort, userId: string, patch: { firstName: string; lastName: string; email: string }): Promise<User> {
  const current = await requireUser(userId);
  const email = patch.email.toLowerCase();
  try {
    await users.updateProfile(userId, current.email, { ...patch, email });
  } catch (err) {
    if (err instanceof users.EmailTaken) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
  if (email !== current.email) {
    try {
      await identity.updateEmail(userId, email);
    } catch (err) {
      await users.updateProfile(userId, email, { firstName: current.firstName, lastName: current.lastName, email: current.email });
      throw err;
    }
  }
  return requireUser(userId);
}
