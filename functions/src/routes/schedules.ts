/** Routes: a brand's automation schedule (issue 11 item 6). */
import { readSchedule, saveSchedule } from '../domain/brand-schedules.js';
import type { RouteImpls } from '../http/router.js';

export function scheduleRoutes(): RouteImpls {
  return {
    getBrandSchedule: async ({ workspaceId, params }) => ({ body: await readSchedule(workspaceId, params.brandId!) }),
    putBrandSchedule: async ({ workspaceId, params, body }) => ({ body: await saveSchedule(workspaceId, params.brandId!, body) }),
  };
}
