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
  workspace: ['workspace'] as const,
  workspaces: ['workspaces'] as const,
  invitations: ['invitations'] as const,
  auditLog: ['audit-log'] as const,
};

/**
 * After the active workspace changes (switch, accepted invitation): every cached answer belonged to
 * the old workspace, so all are reset (and the shown ones refetched). The user is set from the
 * server's answer when there is one, so the signed-in shell stays up while the rest reloads.
 */
export async function refetchEverything(client: QueryClient, user?: unknown): Promise<void> {
  if (user && typeof user === 'object' && 'id' in user) client.setQueryData(qk.user, user);
  await client.resetQueries({ predicate: (q) => !user || q.queryKey[0] !== qk.user[0] });
}

/** The lists the live updates and the moderation actions refresh. */
export function invalidateLists(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: qk.comments }),
    client.invalidateQueries({ queryKey: qk.stats }),
    client.invalidateQueries({ queryKey: qk.activity }),
    client.invalidateQueries({ queryKey: qk.analytics }),
  ]);
}
