/**
 * Workspaces and teams (issue #9, design D13): the active workspace and its members, switching,
 * invitations (single use, 7 days, mailed), role changes and removals. Every change is audited.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { displayName, type CreatedInvitation, InvitableRole, PendingInvitation, User, Workspace, WorkspaceSummary } from '@cg/shared';
import { Invalid, Missing, NotAllowed, StateConflict } from './errors.js';
import { requireUser } from './accounts.js';
import { audit, type Actor } from './audit.js';
import type { MailPort, Notifier } from './ports.js';
import { stores } from './store-port.js';
import type { InvitationRecord, MemberRecord, WorkspaceRecord } from './model.js';
import { AlreadyMember } from './store-errors.js';

const sessions = stores.sessions;
const users = stores.users;
const store = stores.workspaces;

export const INVITATION_DAYS = 7;

export interface TeamDeps { mail: MailPort; notifier: Notifier }

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function requireWorkspace(workspaceId: string): Promise<WorkspaceRecord> {
  const ws = await store.getWorkspace(workspaceId);
  if (!ws) throw new Missing('Workspace not found');
  return ws;
}

export async function actorOf(userId: string): Promise<Actor> {
  const p = await users.getProfile(userId);
  return { userId, email: p?.email ?? '' };
}

/** How Recent Activity names a member: their display name. */
export async function actorName(userId: string): Promise<string> {
  const p = await users.getProfile(userId);
  return displayName(p);
}

export async function workspaceView(workspaceId: string, userId: string): Promise<Workspace> {
  const [ws, members] = await Promise.all([requireWorkspace(workspaceId), store.listMembers(workspaceId)]);
  const me = members.find((m) => m.userId === userId);
  if (!me) throw new NotAllowed('You are not a member of this workspace.');
  const order = { owner: 0, admin: 1, moderator: 2, viewer: 3 } as const;
  return {
    id: ws.id, name: ws.name, role: me.role, autoAnalyze: ws.autoAnalyze, logo: ws.logo ?? null, weeklyReport: ws.weeklyReport !== false,
    members: members.sort((a, b) => order[a.role] - order[b.role] || a.email.localeCompare(b.email)).map((m) => ({ userId: m.userId, email: m.email, role: m.role })),
  };
}

/** Renames the workspace and/or switches its automatic analysis; each change audited. */
export async function updateWorkspace(workspaceId: string, userId: string, change: { name?: string; autoAnalyze?: boolean; weeklyReport?: boolean }): Promise<Workspace> {
  const before = await requireWorkspace(workspaceId);
  const actor = await actorOf(userId);
  if (change.name !== undefined && change.name !== before.name) {
    await store.renameWorkspace(workspaceId, change.name);
    await audit(workspaceId, actor, 'workspace.rename', `workspace ${workspaceId}`, { name: { from: before.name, to: change.name } });
  }
  if (change.autoAnalyze !== undefined && change.autoAnalyze !== before.autoAnalyze) {
    await store.setWorkspaceFields(workspaceId, { autoAnalyze: change.autoAnalyze });
    await audit(workspaceId, actor, 'workspace.auto-analyze', `workspace ${workspaceId}`, { autoAnalyze: { from: before.autoAnalyze, to: change.autoAnalyze } });
  }
  if (change.weeklyReport !== undefined && change.weeklyReport !== (before.weeklyReport !== false)) {
    await store.setWorkspaceFields(workspaceId, { weeklyReport: change.weeklyReport });
    await audit(workspaceId, actor, 'workspace.weekly-report', `workspace ${workspaceId}`, { weeklyReport: { from: !change.weeklyReport, to: change.weeklyReport } });
  }
  return workspaceView(workspaceId, userId);
}

export async function listWorkspaces(userId: string, activeId: string | null): Promise<WorkspaceSummary[]> {
  const list = await store.listMemberships(userId);
  return list.map((m) => ({ id: m.workspaceId, name: m.name, role: m.role, active: m.workspaceId === activeId })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Makes a workspace the session's active one (the user must be a member). */
export async function switchWorkspace(userId: string, sessionId: string, workspaceId: string): Promise<User> {
  if (!(await store.getMember(workspaceId, userId))) throw new Missing('Workspace not found, or you are not a member of it');
  await sessions.setSessionWorkspace(sessionId, workspaceId);
  await users.setLastWorkspace(userId, workspaceId);
  return requireUser(userId, workspaceId);
}

export async function createInvitation(deps: TeamDeps, workspaceId: string, userId: string, input: { email: string; role: InvitableRole }, appUrl: string, now = new Date()): Promise<CreatedInvitation> {
  const ws = await requireWorkspace(workspaceId);
  const email = input.email.toLowerCase();
  const existingUser = await users.findUserIdByEmail(email);
  if (existingUser && (await store.getMember(workspaceId, existingUser))) throw new StateConflict(`${email} is already a member of this workspace.`);
  const token = randomBytes(24).toString('base64url');
  const inv: InvitationRecord = {
    id: randomUUID(), workspaceId, email, role: input.role, tokenHash: hashToken(token), invitedBy: userId,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
  };
  await store.putInvitation(inv);
  const actor = await actorOf(userId);
  const acceptUrl = `${appUrl.replace(/\/$/, '')}/invite?token=${token}`;
  await audit(workspaceId, actor, 'invitation.create', email, { role: input.role });
  await deps.mail.send({
    to: email,
    subject: `You're invited to ${ws.name} on Pagewarden`,
    text: `${actor.email} invited you to moderate comments in the workspace "${ws.name}" as ${input.role}.\n\nAccept the invitation (valid ${INVITATION_DAYS} days, single use):\n${acceptUrl}\n\nIf you don't have an account yet, you'll create one first.`,
  }).catch((err: unknown) => console.warn('[invite] mail failed', (err as Error).message));
  return { id: inv.id, email, role: inv.role, token, acceptUrl, expiresAt: inv.expiresAt };
}

export async function listInvitations(workspaceId: string, now = new Date()): Promise<PendingInvitation[]> {
  const list = await store.listInvitations(workspaceId);
  return list.filter((i) => Date.parse(i.expiresAt) > now.getTime()).map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt, invitedBy: i.invitedBy }));
}

export async function revokeInvitation(workspaceId: string, userId: string, id: string): Promise<void> {
  const inv = await store.getInvitation(workspaceId, id);
  if (!inv) throw new Missing('Invitation not found');
  await store.deleteInvitation(inv);
  await audit(workspaceId, await actorOf(userId), 'invitation.revoke', inv.email, { role: inv.role });
}

export const INVITATION_INVALID = 'This invitation link is not valid: it was revoked, already used, or mistyped. Ask for a new one.';

/** The signed-in invitee joins the workspace (which becomes the session's active one). */
export async function acceptInvitation(userId: string, sessionId: string, token: string, now = new Date()): Promise<User> {
  const inv = await store.findInvitationByToken(hashToken(token));
  if (!inv) throw new Missing(INVITATION_INVALID);
  if (Date.parse(inv.expiresAt) <= now.getTime()) throw new Invalid('This invitation has expired. Ask for a new one.');
  const profile = await users.getProfile(userId);
  if (!profile) throw new Missing('User not found');
  if (profile.email.toLowerCase() !== inv.email.toLowerCase()) throw new NotAllowed(`This invitation is for ${inv.email}. Sign in with that address to accept it.`);
  const ws = await requireWorkspace(inv.workspaceId);
  try {
    const ok = await store.acceptInvitation(inv, { workspaceId: inv.workspaceId, userId, email: profile.email, role: inv.role, joinedAt: now.toISOString() }, ws.name);
    if (!ok) throw new Missing(INVITATION_INVALID);
  } catch (err) {
    if (err instanceof AlreadyMember) throw new StateConflict(`You are already a member of ${ws.name}.`);
    throw err;
  }
  await audit(inv.workspaceId, { userId, email: profile.email }, 'member.join', profile.email, { role: inv.role });
  return switchWorkspace(userId, sessionId, inv.workspaceId);
}

async function requireOtherMember(workspaceId: string, actorId: string, memberId: string): Promise<MemberRecord> {
  const m = await store.getMember(workspaceId, memberId);
  if (!m) throw new Missing('Member not found');
  if (m.role === 'owner') throw new NotAllowed("The workspace owner's role cannot be changed or removed.");
  if (memberId === actorId) throw new Invalid('You cannot change your own role.');
  return m;
}

export async function updateMember(workspaceId: string, actorId: string, memberId: string, role: InvitableRole): Promise<Workspace> {
  const m = await requireOtherMember(workspaceId, actorId, memberId);
  if (!(await store.setMemberRole(workspaceId, memberId, role))) throw new Missing('Member not found');
  await audit(workspaceId, await actorOf(actorId), 'member.role', m.email, { role: { from: m.role, to: role } });
  return workspaceView(workspaceId, actorId);
}

/** Removes a member; their sessions in this workspace are refused from the next request on. */
export async function removeMember(deps: TeamDeps, workspaceId: string, actorId: string, memberId: string): Promise<Workspace> {
  const m = await requireOtherMember(workspaceId, actorId, memberId);
  await store.removeMember(workspaceId, memberId);
  await deps.notifier.disconnectMember(workspaceId, memberId);
  await audit(workspaceId, await actorOf(actorId), 'member.remove', m.email, { role: m.role });
  return workspaceView(workspaceId, actorId);
}
