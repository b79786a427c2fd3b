/** Routes: connecting Facebook/Instagram (OAuth), the connected accounts, and comment sync. */
import * as connect from '../domain/connect.js';
import { analyseArrivals, type ModerationDeps } from '../domain/moderation.js';
import { syncUser } from '../domain/sync.js';
import type { RouteImpls } from '../http/router.js';

export function accountRoutes(deps: ModerationDeps): RouteImpls {
  return {
    facebookAuth: async ({ userId }) => ({ redirect: await connect.startConnect(userId) }),
    facebookCallback: async ({ userId, event }) => ({ redirect: await connect.finishConnect(userId, (event.queryStringParameters ?? {}) as Record<string, string | undefined>) }),
    socialAccounts: async ({ userId }) => ({ body: await connect.listSocialAccounts(userId) }),
    deleteSocialAccount: async ({ userId, params }) => { await connect.disconnect(userId, params.id!); return { body: { ok: true } }; },
    syncComments: async ({ userId }) => {
      const r = await syncUser(userId);
      const queued = await analyseArrivals(deps, userId, r.added);
      return { body: { added: r.added.length, queued, accounts: r.accounts, throttled: r.throttled, needsReconnect: r.needsReconnect, more: r.more } };
    },
  };
}
