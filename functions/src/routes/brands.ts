/** Routes: a brand's voice and knowledge base (issue 10 item 5). */
import { audit } from '../domain/audit.js';
import * as brands from '../domain/brands.js';
import { actorOf } from '../domain/workspaces.js';
import type { RouteImpls } from '../http/router.js';

export function brandRoutes(): RouteImpls {
  return {
    listBrands: async ({ workspaceId }) => ({ body: await brands.listBrands(workspaceId) }),
    getBrandVoice: async ({ workspaceId, params }) => ({ body: await brands.getVoice(workspaceId, params.brandId!) }),
    putBrandVoice: async ({ workspaceId, params, body }) => ({ body: await brands.saveVoice(workspaceId, params.brandId!, body) }),
    listKnowledge: async ({ workspaceId, params }) => ({ body: await brands.listKnowledge(workspaceId, params.brandId!) }),
    createKnowledge: async ({ workspaceId, params, body }) => ({ status: 201, body: await brands.addEntry(workspaceId, params.brandId!, body) }),
    updateKnowledge: async ({ workspaceId, params, body }) => ({ body: await brands.updateEntry(workspaceId, params.brandId!, params.entryId!, body) }),
    deleteKnowledge: async ({ workspaceId, params }) => { await brands.deleteEntry(workspaceId, params.brandId!, params.entryId!); return { body: { ok: true } }; },
    importKnowledge: async ({ workspaceId, userId, params, body, event }) => {
      const result = await brands.importKnowledge(workspaceId, params.brandId!, body.csv, body.dryRun);
      if (result.dryRun) return { body: result, audited: true };
      // The audit keeps the counts and titles, not the CSV (up to 500 KB).
      await audit(workspaceId, await actorOf(userId), 'importKnowledge', event.path, { added: result.added, updated: result.updated, titles: result.entries.map((e) => e.title).slice(0, 50) });
      return { body: result, audited: true };
    },
  };
}
