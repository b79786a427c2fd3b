/** Routes: rules and their backtest, saved replies, and the Automation log with bulk undo (issue 11 items 1, 2, 5). */
import type { RouteImpls } from '../http/router.js';
import { listAutomation, undoAutomatic } from '../domain/auto-actions.js';
import type { ActionDeps } from '../domain/exactly-once.js';
import * as editing from '../domain/rule-editing.js';
import * as rules from '../domain/rules.js';
import { backtestNowOrJob } from '../domain/rules-jobs.js';
import * as saved from '../domain/saved-replies.js';
import { actorName } from '../domain/workspaces.js';

export function ruleRoutes(deps: ActionDeps): RouteImpls {
  return {
    listRules: async ({ workspaceId }) => ({ body: await rules.listRules(workspaceId) }),
    createRule: async ({ workspaceId, body }) => ({ status: 201, body: await editing.createRule(workspaceId, body) }),
    updateRule: async ({ workspaceId, params, body }) => ({ body: await editing.updateRule(workspaceId, params.id!, body) }),
    deleteRule: async ({ workspaceId, params }) => { await editing.deleteRule(workspaceId, params.id!); return { body: { ok: true } }; },
    backtestRule: async ({ workspaceId, userId, params, body }) => {
      const r = await backtestNowOrJob(workspaceId, params.id!, body.days, userId);
      return 'job' in r ? { status: 202, body: { job: r.job } } : { body: r.body };
    },
    listSavedReplies: async ({ workspaceId }) => ({ body: await saved.listSavedReplies(workspaceId) }),
    createSavedReply: async ({ workspaceId, body }) => ({ status: 201, body: await saved.createSavedReply(workspaceId, body) }),
    updateSavedReply: async ({ workspaceId, params, body }) => ({ body: await saved.updateSavedReply(workspaceId, params.id!, body) }),
    deleteSavedReply: async ({ workspaceId, params }) => { await saved.deleteSavedReply(workspaceId, params.id!); return { body: { ok: true } }; },
    automationLog: async ({ workspaceId, query }) => ({ body: await listAutomation(workspaceId, query.limit ?? 50, query.cursor) }),
    undoAutomation: async ({ workspaceId, userId, body }) => ({ body: await undoAutomatic(deps, workspaceId, body.ids, await actorName(userId)) }),
  };
}
