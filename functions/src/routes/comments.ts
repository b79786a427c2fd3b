/** Routes: the moderation queue, decisions and the human workflow, stats, activity and analytics. */
import type { RouteImpls } from '../http/router.js';
import * as insights from '../domain/insights.js';
import * as moderation from '../domain/moderation.js';
import { listActivity } from '../store/comments.js';

export function commentRoutes(deps: moderation.ModerationDeps): RouteImpls {
  return {
    listComments: async ({ userId, query }) => ({ body: await insights.listComments(userId, query) }),
    stats: async ({ userId }) => ({ body: await insights.stats(userId) }),
    analytics: async ({ userId }) => ({ body: await insights.analytics(userId) }),
    activity: async ({ userId }) => ({ body: await listActivity(userId, 20) }),
    processComment: async ({ userId, params }) => { await moderation.processComment(deps, userId, params.id!); return { status: 202, body: { ok: true } }; },
    bulkAnalyze: async ({ userId }) => ({ status: 202, body: await moderation.bulkAnalyze(deps, userId) }),
    approveComment: async ({ userId, params }) => ({ body: await moderation.approve(deps, userId, params.id!) }),
    overrideComment: async ({ userId, params, body }) => ({ body: await moderation.override(deps, userId, params.id!, body.action) }),
    updateReply: async ({ userId, params, body }) => ({ body: await moderation.updateReply(deps, userId, params.id!, body.suggestedReply) }),
  };
}
