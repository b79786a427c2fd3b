/** Queries and mutations of alerts (issue 11, item 7): the bell's list and unread count, mark read, the settings. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsInput, AlertsList, MarkAlertsReadBody } from '@cg/shared';
import { api } from './api';

export const alertKeys = {
  all: ['alerts'] as const,
  list: ['alerts', 'list'] as const,
  settings: ['alerts', 'settings'] as const,
};

/** The newest alerts and the unread count; the socket's `alert` messages refetch it. */
export function useAlerts(enabled = true) {
  return useQuery({ queryKey: alertKeys.list, queryFn: ({ signal }) => api('listAlerts', { query: { limit: 20 }, signal }), enabled });
}

export function useMarkAlertsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkAlertsReadBody) => api('markAlertsRead', { body }),
    onSuccess: ({ unread }, body) => {
      client.setQueryData<AlertsList>(alertKeys.list, (old) => old && {
        unread,
        items: old.items.map((a) => ('all' in body || body.ids.includes(a.id) ? { ...a, read: true } : a)),
      });
    },
  });
}

export function useAlertSettings(enabled = true) {
  return useQuery({ queryKey: alertKeys.settings, queryFn: ({ signal }) => api('getAlertSettings', { signal }), enabled });
}

export function useSaveAlertSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSettingsInput) => api('putAlertSettings', { body }),
    onSuccess: (saved) => client.setQueryData(alertKeys.settings, saved),
  });
}
