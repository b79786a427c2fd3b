/** React Query defaults of spec section 7: never stale, no refetch on focus, no polling, no retries. */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Query keys, declared once. */
export const qk = {
  user: ['user'] as const,
  stats: ['stats'] as const,
  activity: ['activity'] as const,
  analytics: ['analytics'] as const,
  comments: ['comments'] as const,
  socialAccounts: ['social-accounts'] as const,
};

/** The lists the live updates and the moderation actions refresh. */
export function invalidateLists(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: qk.comments }),
    client.invalidateQueries({ queryKey: qk.stats }),
    client.invalidateQueries({ queryKey: qk.activity }),
    client.invalidateQueries({ queryKey: qk.analytics }),
  ]);
}
