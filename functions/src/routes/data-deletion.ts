/** Route: GET /api/data-deletion/{code}, the status URL Meta's data-deletion callback hands out (public). */
import { deletionStatus } from '../domain/account-data.js';
import type { RouteImpls } from '../http/router.js';

export function dataDeletionRoutes(): RouteImpls {
  return {
    dataDeletionStatus: async ({ params }) => ({ body: await deletionStatus(params.code ?? '') }),
  };
}
