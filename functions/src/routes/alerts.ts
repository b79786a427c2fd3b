/** Routes: alerts (issue 11, item 7): the bell's list and unread count, mark read, the workspace's alert settings. */
import { getAlertSettings, listAlerts, markAlertsRead, updateAlertSettings } from '../domain/alerts.js';
import type { RouteImpls } from '../http/router.js';

export function alertRoutes(): RouteImpls {
  return {
    listAlerts: async ({ workspaceId, query }) => ({ body: await listAlerts(workspaceId, query.limit ?? 20) }),
    markAlertsRead: async ({ workspaceId, body }) => ({ body: await markAlertsRead(workspaceId, body) }),
    getAlertSettings: async ({ workspaceId }) => ({ body: await getAlertSettings(workspaceId) }),
    putAlertSettings: async ({ workspaceId, body }) => ({ body: await updateAlertSettings(workspaceId, body) }),
  };
}
