/** Routes: reports of a date range (issue 11 item 8), as figures or as a CSV, XLSX or PDF file. */
import type { RouteImpls } from '../http/router.js';
import * as reports from '../domain/reports.js';

export function reportRoutes(): RouteImpls {
  return {
    getReport: async ({ workspaceId, query }) => ({ body: await reports.buildReport(workspaceId, query) }),
    exportReport: async ({ workspaceId, userId, query }) => {
      const { format, ...range } = query;
      const r = await reports.exportReport(workspaceId, userId, range, format);
      return 'job' in r ? { status: 202, body: { job: r.job } } : { file: r.file };
    },
  };
}
