/** Queries and mutations of workspaces, the team and the audit log (issue #9). */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEXT, type AuditEntry, type InvitableRole, type Workspace } from '@cg/shared';
import { api, errorMessage } from './api';
import { qk, refetchEverything } from './queryClient';
import { toast, toastError } from './toast';

export function useWorkspaces(enabled = true) {
  return useQuery({ queryKey: qk.workspaces, queryFn: () => api('listWorkspaces'), enabled });
}

export function useWorkspace(enabled = true) {
  return useQuery({ queryKey: qk.workspace, queryFn: () => api('getWorkspace'), enabled });
}

export function useInvitations(enabled = true) {
  return useQuery({ queryKey: qk.invitations, queryFn: () => api('listInvitations'), enabled });
}

/** Switch the session's active workspace, then reload everything for it. */
export function useSwitchWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('switchWorkspace', { params: { id } }),
    onSuccess: async (user) => {
      await refetchEverything(client, user);
      if (user?.workspaceName) toast({ description: TEXT.switchedWorkspace(user.workspaceName) });
    },
    onError: (err) => toastError(errorMessage(err, 'Failed to switch workspace. Please try again.'), 'Error'),
  });
}

/** A team change answered with the workspace: the answer replaces the cached one. */
function useTeamChange<V>(fn: (v: V) => Promise<Workspace>, fallback: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (ws) => {
      client.setQueryData(qk.workspace, ws);
      return client.invalidateQueries({ queryKey: qk.auditLog });
    },
    onError: (err) => toastError(errorMessage(err, fallback), 'Error'),
  });
}

export function useUpdateMember() {
  return useTeamChange(
    (v: { userId: string; role: InvitableRole }) => api('updateMember', { params: { userId: v.userId }, body: { role: v.role } }),
    'Failed to change the role. Please try again.',
  );
}

export function useRemoveMember() {
  return useTeamChange((userId: string) => api('removeMember', { params: { userId } }), 'Failed to remove the member. Please try again.');
}

/** Renames the workspace or switches its automatic analysis or its weekly report mail. */
export function useUpdateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; autoAnalyze?: boolean; weeklyReport?: boolean }) => api('updateWorkspace', { body }),
    onSuccess: async (ws) => {
      client.setQueryData(qk.workspace, ws);
      await Promise.all([client.invalidateQueries({ queryKey: qk.user }), client.invalidateQueries({ queryKey: qk.workspaces })]);
    },
  });
}

export function useCreateInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: InvitableRole }) => api('createInvitation', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: qk.invitations }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('revokeInvitation', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: qk.invitations }),
    onError: (err) => toastError(errorMessage(err, 'Failed to revoke the invitation. Please try again.'), 'Error'),
  });
}

export const AUDIT_PAGE_SIZE = 50;

export function useAuditLog(enabled = true) {
  return useInfiniteQuery({
    queryKey: qk.auditLog,
    queryFn: ({ pageParam, signal }) => api('auditLog', { query: { cursor: pageParam, limit: AUDIT_PAGE_SIZE }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** Every entry of the audit log, page after page (the CSV export). */
export async function fetchAllAudit(): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await api('auditLog', { query: { cursor, limit: 500 } });
    all.push(...page.entries);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
