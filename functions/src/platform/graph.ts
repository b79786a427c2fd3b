/** Graph API clients per user call, counting every answer by status and message for analytics' "API Response Status". */
import { addApiResponses } from '../store/comments.js';
import { metaConfigFromEnv, type MetaConfig } from './meta/config.js';
import { GraphClient, type GraphClientOptions } from './meta/http.js';

export function metaConfig(): MetaConfig {
  return metaConfigFromEnv();
}

export interface CountingGraph { graph: GraphClient; flush(): Promise<void> }

/** A client whose answers are tallied in memory and written once by `flush()` (one update, not one per call). */
export function graphFor(workspaceId: string | null, opts: Pick<GraphClientOptions, 'transientRetries'> = {}): CountingGraph {
  const counts = new Map<string, number>();
  const graph = GraphClient.fromConfig(metaConfig(), {
    ...opts,
    onResponse: (status, message) => {
      const key = `${status}|${(message || (status === 200 ? 'OK' : 'Error')).slice(0, 80)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
  });
  return {
    graph,
    flush: async () => {
      if (workspaceId) await addApiResponses(workspaceId, counts).catch((err: unknown) => console.warn('[graph] could not count API answers', err));
      counts.clear();
    },
  };
}
