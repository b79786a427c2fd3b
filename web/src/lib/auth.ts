/** The current user (spec section 4): 401 means signed out; other failures notify and also mean no user. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TEXT, type User } from '@cg/shared';
import { api, ApiError } from './api';
import { qk } from './queryClient';
import { toastError } from './toast';

export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await api('getUser');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    toastError(TEXT.fetchUserFailed);
    return null;
  }
}

export function useAuth(): { user: User | null; isLoading: boolean; isAuthenticated: boolean } {
  const q = useQuery({ queryKey: qk.user, queryFn: fetchCurrentUser, staleTime: 5 * 60 * 1000, retry: false });
  const user = q.data ?? null;
  return { user, isLoading: q.isLoading, isAuthenticated: !!user && !q.error };
}

/** Sign out: clear every cached answer, then let the server clear the session and redirect to /login. */
export function useSignOut(): () => void {
  const client = useQueryClient();
  return () => {
    client.clear();
    window.location.assign('/api/logout');
  };
}
