/** Routes: the moderation queue, decisions and the human workflow, stats, activity and analytics. */
import type { RouteImpls } from '../http/router.js';
import * as insights from '../domain/insights.js';
import * as moderation from '../domain/moderation.js';
import { actorName } from '../domain/workspaces.js';

export function commentRoutes(deps: moderation.ModerationDeps): RouteImpls {
  return {
    listComments: async ({ workspaceId, query }) => ({ body: await insights.listComments(workspaceId, query) }),
    stats: async ({ workspaceId }) => ({ body: await insights.stats(workspaceId) }),
    analytics: async ({ workspaceId }) => ({ body: await insights.analytics(workspaceId) }),
    activity: async ({ workspaceId }) => ({ body: await insights.recentActivity(workspaceId) }),
    processComment: async ({ workspaceId, params }) => { await moderation.processComment(deps, workspaceId, params.id!); return { status: 202, body: { ok: true } }; },
    bulkAnalyze: async ({ workspaceId }) => ({ status: 202, body: await moderation.bulkAnalyze(deps, workspaceId) }),
    approveComment: async ({ workspaceId, userId, params }) => ({ body: await moderation.approve(deps, workspaceId, params.id!, await actorName(userId)) }),
    overrideComment: async ({ workspaceId, userId, params, body }) => ({ body: await moderation.override(deps, workspaceId, params.id!, body.action, await actorName(userId)) }),
    updateReply: async ({ workspaceId, userId, params, body }) => ({ body: await moderation.updateReply(deps, workspaceId, params.id!, body.suggestedReply, await actorName(userId)) }),
  };
}
