/** Route: GET /api/data-deletion/{code}, the status URL Meta's data-deletion callback hands out (public). */
import { NotFound } from '../http/errors.js';
import type { RouteImpls } from '../http/router.js';
import { getDeletionStatus } from '../store/data-deletion.js';

export function dataDeletionRoutes(): RouteImpls {
  return {
    dataDeletionStatus: async ({ params }) => {
      const status = await getDeletionStatus(params.code ?? '');
      if (!status) throw new NotFound('No data-deletion request has this confirmation code');
      return { body: status };
    },
  };
}
