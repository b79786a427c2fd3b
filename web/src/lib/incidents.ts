/** Queries and mutations of troll-attack incidents (issue 11 item 4). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IncidentStatus, RestoreResult } from '@cg/shared';
import { api } from './api';
import { resultOf } from './jobs';
import { invalidateLists } from './queryClient';

export const incidentKeys = {
  all: ['incidents'] as const,
  list: (status?: IncidentStatus) => ['incidents', 'list', status ?? 'all'] as const,
  one: (id: string) => ['incidents', 'one', id] as const,
};

export function useIncidents(status?: IncidentStatus) {
  return useQuery({ queryKey: incidentKeys.list(status), queryFn: ({ signal }) => api('listIncidents', { query: status ? { status } : {}, signal }) });
}

export function useIncident(id: string) {
  return useQuery({ queryKey: incidentKeys.one(id), queryFn: ({ signal }) => api('getIncident', { params: { id }, signal }) });
}

export function useCloseIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('closeIncident', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: incidentKeys.all }),
  });
}

/** Unhides every comment the incident hid (a job with progress when there are many). */
export function useRestoreIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<RestoreResult> => resultOf<RestoreResult>(await api('restoreIncident', { params: { id } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: incidentKeys.all });
      invalidateLists(client);
    },
  });
}
