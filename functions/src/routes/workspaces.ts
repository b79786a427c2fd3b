/** Routes: the active workspace, switching, the team (invitations, roles, removals) and the audit log (issue #9). */
import type { BillingPort } from '../billing/port.js';
import type { RouteImpls } from '../http/router.js';
import { ownOrigin } from '../http/validate.js';
import { deleteWorkspaceNowOrJob } from '../domain/job-kinds.js';
import { auditPage } from '../domain/audit.js';
import * as team from '../domain/workspaces.js';

export function workspaceRoutes(deps: team.TeamDeps & { billing: () => Promise<BillingPort | null> }): RouteImpls {
  return {
    getWorkspace: async ({ workspaceId, userId }) => ({ body: await team.workspaceView(workspaceId, userId) }),
    updateWorkspace: async ({ workspaceId, userId, body }) => ({ body: await team.updateWorkspace(workspaceId, userId, body), audited: true }),
    deleteWorkspace: async ({ workspaceId, userId, sessionId }) => {
      // Stripe first; a big workspace is deleted by a job (202 {job}).
      const { job } = await deleteWorkspaceNowOrJob(workspaceId, userId, await deps.billing());
      // The session moves to another of the user's workspaces, if any.
      const next = (await team.listWorkspaces(userId, null)).find((w) => w.id !== workspaceId);
      if (next) await team.switchWorkspace(userId, sessionId!, next.id);
      return job ? { status: 202, body: { job } } : { body: { ok: true } };
    },
    listWorkspaces: async ({ userId, workspaceId }) => ({ body: await team.listWorkspaces(userId, workspaceId) }),
    switchWorkspace: async ({ userId, sessionId, params }) => ({ body: await team.switchWorkspace(userId, sessionId!, params.id!) }),
    createInvitation: async ({ workspaceId, userId, body, event }) => ({
      status: 201, body: await team.createInvitation(deps, workspaceId, userId, body, ownOrigin(event.headers ?? {}) ?? ''), audited: true,
    }),
    listInvitations: async ({ workspaceId }) => ({ body: await team.listInvitations(workspaceId) }),
    revokeInvitation: async ({ workspaceId, userId, params }) => { await team.revokeInvitation(workspaceId, userId, params.id!); return { body: { ok: true }, audited: true }; },
    acceptInvitation: async ({ userId, sessionId, body }) => ({ body: await team.acceptInvitation(userId, sessionId!, body.token) }),
    updateMember: async ({ workspaceId, userId, params, body }) => ({ body: await team.updateMember(workspaceId, userId, params.userId!, body.role), audited: true }),
    removeMember: async ({ workspaceId, userId, params }) => ({ body: await team.removeMember(deps, workspaceId, userId, params.userId!), audited: true }),
    auditLog: async ({ workspaceId, query }) => ({ body: await auditPage(workspaceId, query) }),
  };
}
