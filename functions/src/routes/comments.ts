/** Routes: the moderation queue, decisions and every action on a comment, history and context, stats, activity and analytics. */
import type { RouteImpls } from '../http/router.js';
import * as actions from '../domain/actions.js';
import { commentContext } from '../domain/comment-context.js';
import * as longWork from '../domain/job-kinds.js';
import * as insights from '../domain/insights.js';
import * as moderation from '../domain/moderation.js';
import * as queue from '../domain/queue.js';
import { actorName } from '../domain/workspaces.js';
import { assertPlanFeature } from '../domain/plan-features.js';

export function commentRoutes(deps: moderation.ModerationDeps): RouteImpls {
  return {
    listComments: async ({ workspaceId, query }) => {
      // Moderating by language is the plans' multi-language feature (shared/src/plans.ts).
      if (query.language) await assertPlanFeature(workspaceId, 'multiLanguage');
      return { body: await queue.listComments(workspaceId, query) };
    },
    stats: async ({ workspaceId }) => ({ body: await insights.stats(workspaceId) }),
    analytics: async ({ workspaceId }) => ({ body: await insights.analytics(workspaceId) }),
    activity: async ({ workspaceId }) => ({ body: await insights.recentActivity(workspaceId) }),
    processComment: async ({ workspaceId, params }) => { await moderation.processComment(deps, workspaceId, params.id!); return { status: 202, body: { ok: true } }; },
    // Process All: more than 500 pending comments run as a job (202 {job}).
    bulkAnalyze: async ({ workspaceId, userId }) => { const r = await longWork.processAllNowOrJob(deps, workspaceId, userId); return { status: 202, body: r.job ? { job: r.job } : r.body }; },
    approveComment: async ({ workspaceId, userId, params }) => ({ body: await moderation.approve(deps, workspaceId, params.id!, await actorName(userId)) }),
    overrideComment: async ({ workspaceId, userId, params, body }) => ({ body: await moderation.override(deps, workspaceId, params.id!, body.action, await actorName(userId)) }),
    updateReply: async ({ workspaceId, userId, params, body }) => ({ body: await moderation.updateReply(deps, workspaceId, params.id!, body.suggestedReply, await actorName(userId)) }),
    replyComment: async ({ workspaceId, userId, params, body }) => ({ body: await actions.reply(deps, workspaceId, params.id!, body.message, await actorName(userId)) }),
    privateReplyComment: async ({ workspaceId, userId, params, body }) => ({ body: await actions.privateReply(deps, workspaceId, params.id!, body.message, await actorName(userId)) }),
    hideComment: async ({ workspaceId, userId, params }) => ({ body: await actions.hide(deps, workspaceId, params.id!, await actorName(userId)) }),
    unhideComment: async ({ workspaceId, userId, params }) => ({ body: await actions.unhide(deps, workspaceId, params.id!, await actorName(userId)) }),
    deleteComment: async ({ workspaceId, userId, params }) => ({ body: await actions.remove(deps, workspaceId, params.id!, await actorName(userId)) }),
    dismissComment: async ({ workspaceId, userId, params }) => ({ body: await actions.dismiss(deps, workspaceId, params.id!, await actorName(userId)) }),
    blockAuthor: async ({ workspaceId, userId, params }) => ({ body: await actions.block(deps, workspaceId, params.id!, await actorName(userId)) }),
    deleteReply: async ({ workspaceId, userId, params }) => ({ body: await actions.deleteReply(deps, workspaceId, params.id!, await actorName(userId)) }),
    commentHistory: async ({ workspaceId, params }) => ({ body: await actions.history(workspaceId, params.id!) }),
    commentContext: async ({ workspaceId, params }) => ({ body: await commentContext(deps.platform, workspaceId, params.id!) }),
    // Audited per comment (what changed on each), not once for the request; more than 100 comments run as a job (202 {job}).
    bulkComments: async ({ workspaceId, userId, body }) => {
      if (body.filter?.language) await assertPlanFeature(workspaceId, 'multiLanguage');
      const r = await longWork.bulkNowOrJob(deps, workspaceId, userId, body, await actorName(userId));
      return r.job ? { status: 202, body: { job: r.job }, audited: true } : { body: r.body, audited: true };
    },
  };
}
