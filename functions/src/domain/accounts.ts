/** Accounts: register, sign in, profile changes and account deletion, over the identity port and the store. */
import { randomUUID } from 'node:crypto';
import { passwordProblems, type User } from '@cg/shared';
import { InvalidCredentials, InvalidPassword, type AuthTokens, type IdentityPort } from '../auth/identity.js';
import { config } from '../config.js';
import { Invalid, Missing, NotAuthenticated, StateConflict } from './errors.js';
import { TooManyAttempts } from './lockout.js';
import { sendVerificationCode, type CodeDeps } from './verification.js';
import { stores } from './store-port.js';
import type { PlanFields, Profile } from './model.js';
import { EmailTaken } from './store-errors.js';

const sessions = stores.sessions;
const users = stores.users;
const workspaces = stores.workspaces;
const { countAttempt } = stores.rateLimit;

export const EMAIL_TAKEN = 'An account with this email already exists';
export const INVALID_LOGIN = 'Invalid email or password';

/** Throttles an action (register, profile change) per IP and per email: a 429 with Retry-After past the limit. */
export async function throttle(action: string, ip: string, email: string): Promise<void> {
  const w = config.rateLimitWindowSeconds;
  const [byIp, byEmail] = await Promise.all([
    countAttempt(`${action}#ip#${ip}`, w),
    countAttempt(`${action}#email#${email.toLowerCase()}`, w),
  ]);
  if (byIp > config.rateLimitPerIp || byEmail > config.rateLimitPerEmail) {
    throw new TooManyAttempts(Math.max(1, Math.ceil(w - ((Date.now() / 1000) % w))));
  }
}

/** A new workspace's free trial (Starter limits), design D13 / issue #9. */
export const TRIAL_DAYS = 14;

/** The plan fields a new workspace starts with: no plan paid, a trial running. */
export function newWorkspacePlan(now: Date): PlanFields {
  return {
    subscriptionPlan: 'starter', subscriptionStatus: 'none', cancelAt: null, currentPeriodEnd: null, notice: null, autoAnalyze: true,
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
  };
}

export function defaultWorkspaceName(p: { firstName: string; email: string }): string {
  return p.firstName ? `${p.firstName}'s workspace` : `${p.email.split('@')[0]}'s workspace`;
}

export interface SignedIn { user: User; tokens: AuthTokens; sessionId: string }

/** Starts a server-side session in the user's last active workspace (or their first). */
async function startSession(userId: string): Promise<string> {
  const [profile, memberships] = await Promise.all([users.getProfile(userId), workspaces.listMemberships(userId)]);
  const last = profile?.lastWorkspaceId && memberships.find((m) => m.workspaceId === profile.lastWorkspaceId);
  const workspaceId = last ? last.workspaceId : memberships[0]?.workspaceId ?? null;
  const sessionId = randomUUID();
  await sessions.createSession({ sessionId, userId, workspaceId, createdAt: new Date().toISOString() });
  return sessionId;
}

export async function register(identity: IdentityPort, input: { email: string; password: string; firstName: string; lastName: string }, codes: CodeDeps): Promise<SignedIn> {
  const email = input.email.toLowerCase();
  const problems = passwordProblems(input.password);
  if (problems.length) throw new Invalid(problems.join('. '), problems.map((message) => ({ field: 'password', message })));
  if (await users.findUserIdByEmail(email)) throw new StateConflict(EMAIL_TAKEN);

  const userId = randomUUID();
  try {
    await identity.signUp(userId, email, input.password);
  } catch (err) {
    if (err instanceof InvalidPassword) throw new Invalid(err.message, [{ field: 'password', message: err.message }]);
    throw err;
  }
  const now = new Date();
  const profile: Profile = { id: userId, email, firstName: input.firstName, lastName: input.lastName, emailVerified: false, createdAt: now.toISOString(), lastWorkspaceId: null };
  try {
    await users.createUser(profile);
  } catch (err) {
    await identity.deleteUser(userId).catch(() => undefined); // undo the identity so nothing is half-written
    if (err instanceof EmailTaken) throw new StateConflict(EMAIL_TAKEN);
    throw err;
  }
  // Sign-up creates the user's own workspace, with them as its owner.
  const workspaceId = randomUUID();
  await workspaces.createWorkspace({ id: workspaceId, name: defaultWorkspaceName(profile), ownerId: userId, ownerEmail: email, createdAt: profile.createdAt, ...newWorkspacePlan(now) });
  await users.setLastWorkspace(userId, workspaceId);
  await sendVerificationCode(codes, userId, email); // sign-in works at once; the address stays unverified until the code comes back
  const tokens = await identity.signIn(userId, input.password);
  const sessionId = await startSession(userId);
  return { user: await requireUser(userId, workspaceId), tokens, sessionId };
}

export async function login(identity: IdentityPort, input: { email: string; password: string }): Promise<SignedIn> {
  const userId = await users.findUserIdByEmail(input.email);
  if (!userId) throw new NotAuthenticated(INVALID_LOGIN);
  let tokens: AuthTokens;
  try {
    tokens = await identity.signIn(userId, input.password);
  } catch (err) {
    if (err instanceof InvalidCredentials) throw new NotAuthenticated(INVALID_LOGIN);
    throw err;
  }
  if (!(await users.getProfile(userId))) throw new NotAuthenticated(INVALID_LOGIN);
  const sessionId = await startSession(userId);
  const session = await sessions.getSession(sessionId);
  return { user: await requireUser(userId, session?.workspaceId ?? null), tokens, sessionId };
}

/** Sign-out: the server-side session ends, so its cookies are refused from now on. */
export async function endSession(sessionId: string): Promise<void> {
  await sessions.deleteSession(sessionId);
}

/** The user as the app sees them: their profile, with the plan and role of the active workspace. */
export async function requireUser(userId: string, workspaceId: string | null): Promise<User> {
  const [profile, ws, member] = await Promise.all([
    users.getProfile(userId),
    workspaceId ? workspaces.getWorkspace(workspaceId) : null,
    workspaceId ? workspaces.getMember(workspaceId, userId) : null,
  ]);
  if (!profile) throw new Missing('User not found');
  const plan: PlanFields = ws ?? { ...newWorkspacePlan(new Date()), trialEndsAt: null };
  return {
    id: profile.id, firstName: profile.firstName, lastName: profile.lastName, email: profile.email, emailVerified: profile.emailVerified,
    createdAt: profile.createdAt, workspaceId: ws?.id ?? '', workspaceName: ws?.name ?? '', role: member?.role ?? 'viewer',
    subscriptionPlan: plan.subscriptionPlan, subscriptionStatus: plan.subscriptionStatus, cancelAt: plan.cancelAt, currentPeriodEnd: plan.currentPeriodEnd,
    notice: plan.notice, autoAnalyze: plan.autoAnalyze, trialEndsAt: plan.trialEndsAt,
  };
}

/** Name and email change; a new email moves in Cognito too (and back in the store if Cognito refuses), unverified until its code comes back. */
export async function updateProfile(identity: IdentityPort, userId: string, workspaceId: string | null, patch: { firstName: string; lastName: string; email: string }, codes: CodeDeps): Promise<User> {
  const current = await requireUser(userId, workspaceId);
  const email = patch.email.toLowerCase();
  try {
    await users.updateProfile(userId, current.email, { ...patch, email });
  } catch (err) {
    if (err instanceof EmailTaken) throw new StateConflict(EMAIL_TAKEN);
    throw err;
  }
  if (email !== current.email) {
    try {
      await identity.updateEmail(userId, email);
    } catch (err) {
      await users.updateProfile(userId, email, { firstName: current.firstName, lastName: current.lastName, email: current.email });
      throw err;
    }
    // The team screens show members' emails: keep each membership's copy current.
    for (const m of await workspaces.listMemberships(userId)) await workspaces.setMemberEmail(m.workspaceId, userId, email);
    await sendVerificationCode(codes, userId, email);
  }
  return requireUser(userId, workspaceId);
}
