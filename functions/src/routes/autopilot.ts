/** Routes: a brand's autopilot settings (issue 10 item 8). */
import { putAutopilot, readAutopilot } from '../domain/autopilot.js';
import type { RouteImpls } from '../http/router.js';

export function autopilotRoutes(): RouteImpls {
  return {
    getAutopilot: async ({ workspaceId, params }) => ({ body: await readAutopilot(workspaceId, params.brandId!) }),
    putAutopilot: async ({ workspaceId, params, body }) => ({ body: await putAutopilot(workspaceId, params.brandId!, body) }),
  };
}
