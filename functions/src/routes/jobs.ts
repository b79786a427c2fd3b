/** Routes: background jobs (issue 13): a job of the caller's workspace, with fresh signed links to its files. */
import type { RouteImpls } from '../http/router.js';
import { getJobFor } from '../domain/jobs.js';

export function jobRoutes(): RouteImpls {
  return {
    getJob: async ({ workspaceId, userId, params }) => ({ body: await getJobFor({ workspaceId, userId }, params.id!) }),
  };
}
