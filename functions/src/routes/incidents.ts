/** Routes: troll-attack incidents (issue 11 item 4): list, one with its comments, close, bulk restore. */
import type { RouteImpls } from '../http/router.js';
import type { ActionDeps } from '../domain/exactly-once.js';
import * as incidents from '../domain/incidents.js';
import { actorName } from '../domain/workspaces.js';

export function incidentRoutes(deps: ActionDeps): RouteImpls {
  return {
    listIncidents: async ({ workspaceId, query }) => ({ body: await incidents.listIncidents(workspaceId, query) }),
    getIncident: async ({ workspaceId, params }) => ({ body: await incidents.getIncident(workspaceId, params.id!) }),
    closeIncident: async ({ workspaceId, userId, params }) => ({ body: await incidents.closeIncident(deps, workspaceId, params.id!, await actorName(userId)) }),
    restoreIncident: async ({ workspaceId, userId, params }) => {
      const r = await incidents.restoreNowOrJob(deps, workspaceId, params.id!, userId, await actorName(userId));
      return 'job' in r ? { status: 202, body: { job: r.job } } : { body: r.body };
    },
  };
}
