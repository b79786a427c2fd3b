/** Workspace roles (issue #9), declared once: the route table names who may call each route. */
import * as z from 'zod';

export const ROLES = ['owner', 'admin', 'moderator', 'viewer'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Roles an invitation or a member change may grant (there is one owner, who created the workspace). */
export const InvitableRole = z.enum(['admin', 'moderator', 'viewer']);
export type InvitableRole = z.infer<typeof InvitableRole>;

/** Who may do what: each route's `roles` is one of these. */
export const ACCESS = {
  /** Read anything of the workspace. */
  read: ['owner', 'admin', 'moderator', 'viewer'],
  /** Moderate comments, reply, sync and analyse. */
  moderate: ['owner', 'admin', 'moderator'],
  /** Connect and disconnect accounts, change settings, manage the team, read the audit log. */
  manage: ['owner', 'admin'],
  /** Billing and deleting the workspace. */
  owner: ['owner'],
} as const satisfies Record<string, readonly Role[]>;
export type Access = keyof typeof ACCESS;

export function canAccess(role: Role | null | undefined, access: Access): boolean {
  return !!role && (ACCESS[access] as readonly Role[]).includes(role);
}

/** The 403 message for a refused call: names the caller's role and the roles that may. */
export function roleRefusal(role: Role, access: Access): string {
  const allowed = ACCESS[access] as readonly Role[];
  const list = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
  return `Your role (${role}) cannot do this: it needs the ${list} role.`;
}

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', moderator: 'Moderator', viewer: 'Viewer' };
