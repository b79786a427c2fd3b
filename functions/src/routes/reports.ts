/** Routes: reports of a date range (issue 11 item 8), as figures or as a CSV, XLSX or PDF file; the workspace's logo on those files. */
import type { RouteImpls } from '../http/router.js';
import * as reports from '../domain/reports.js';
import * as logo from '../domain/logo.js';

export function reportRoutes(): RouteImpls {
  return {
    getReport: async ({ workspaceId, query }) => ({ body: await reports.buildReport(workspaceId, query) }),
    exportReport: async ({ workspaceId, userId, query }) => {
      const { format, ...range } = query;
      const r = await reports.exportReport(workspaceId, userId, range, format);
      return 'job' in r ? { status: 202, body: { job: r.job } } : { file: r.file };
    },
    getWorkspaceLogo: async ({ workspaceId }) => ({ file: await logo.logoFile(workspaceId) }),
    // Audited by the domain (the generic entry would copy the image into the log).
    putWorkspaceLogo: async ({ workspaceId, userId, body }) => ({ body: await logo.setLogo(workspaceId, userId, body.data), audited: true }),
    deleteWorkspaceLogo: async ({ workspaceId, userId }) => ({ body: await logo.removeLogo(workspaceId, userId), audited: true }),
  };
}
