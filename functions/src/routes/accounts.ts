/** Routes: connecting Facebook/Instagram (OAuth), the connected accounts, and comment sync. */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { canAccess, type Role } from '@cg/shared';
import { audit } from '../domain/audit.js';
import * as connect from '../domain/connect.js';
import { actorOf } from '../domain/workspaces.js';
import type { ModerationDeps } from '../domain/moderation.js';
import { syncNowOrJob } from '../domain/job-kinds.js';
import type { RouteImpls } from '../http/router.js';

/** The app's public origin: APP_URL when configured, else the viewer's host as CloudFront forwards it. */
function originOf(event: APIGatewayProxyEvent): string {
  if (process.env.APP_URL) return process.env.APP_URL;
  const h = Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return `${h['x-forwarded-proto'] ?? 'https'}://${h['x-forwarded-host'] ?? h.host}`;
}

/** Connecting is a browser navigation: a signed-out visitor goes to /login, a role that may not connect back to Settings. */
function connectRefusal(userId: string | null, role: Role | null): string | null {
  if (!userId) return '/login';
  return canAccess(role, 'manage') ? null : '/settings?error=forbidden';
}

export function accountRoutes(deps: ModerationDeps): RouteImpls {
  return {
    facebookAuth: async ({ userId, workspaceId, role, event }) => {
      const refused = connectRefusal(userId, role);
      return { redirect: refused ?? (await connect.startConnect(workspaceId!, originOf(event))) };
    },
    facebookCallback: async ({ userId, workspaceId, role, event }) => {
      const refused = connectRefusal(userId, role);
      if (refused) return { redirect: refused };
      const redirect = await connect.finishConnect(workspaceId!, originOf(event), (event.queryStringParameters ?? {}) as Record<string, string | undefined>);
      if (redirect.includes('success=')) await audit(workspaceId!, await actorOf(userId!), 'connectAccounts', '/api/auth/facebook/callback', { result: 'connected' });
      return { redirect };
    },
    socialAccounts: async ({ workspaceId }) => ({ body: await connect.listSocialAccounts(workspaceId) }),
    deleteSocialAccount: async ({ workspaceId, params }) => { await connect.disconnect(workspaceId, params.id!); return { body: { ok: true } }; },
    // What is left after 8 s continues as a job: 202 with the comments so far and {job}.
    syncComments: async ({ workspaceId, userId }) => {
      const r = await syncNowOrJob(deps, workspaceId, userId);
      return { status: r.job ? 202 : 200, body: r.body };
    },
  };
}
