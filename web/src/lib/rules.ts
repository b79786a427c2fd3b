/** Queries and mutations of rules, saved replies and the Automation log (issue 11). */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BacktestResult, RuleInput, SavedReplyInput } from '@cg/shared';
import { api } from './api';
import { resultOf } from './jobs';
import { invalidateLists } from './queryClient';

export const rulesKeys = {
  rules: ['rules'] as const,
  savedReplies: ['saved-replies'] as const,
  automation: ['automation-log'] as const,
  brands: ['brands'] as const,
};

export function useRules() {
  return useQuery({ queryKey: rulesKeys.rules, queryFn: ({ signal }) => api('listRules', { signal }) });
}

export function useBrands() {
  return useQuery({ queryKey: rulesKeys.brands, queryFn: ({ signal }) => api('listBrands', { signal }) });
}

export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id?: string; rule: RuleInput }) => (id ? api('updateRule', { params: { id }, body: rule }) : api('createRule', { body: rule })),
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKeys.rules }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('deleteRule', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKeys.rules }),
  });
}

/** A large history is backtested in a job: its progress bar shows, and the result is the job's. */
export function useBacktest() {
  return useMutation({
    mutationFn: async ({ id, days }: { id: string; days: number }): Promise<BacktestResult> => resultOf<BacktestResult>(await api('backtestRule', { params: { id }, body: { days } })),
  });
}

export function useSavedReplies(enabled = true) {
  return useQuery({ queryKey: rulesKeys.savedReplies, queryFn: ({ signal }) => api('listSavedReplies', { signal }), enabled });
}

export function useSaveSavedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id?: string; reply: SavedReplyInput }) => (id ? api('updateSavedReply', { params: { id }, body: reply }) : api('createSavedReply', { body: reply })),
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKeys.savedReplies }),
  });
}

export function useDeleteSavedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('deleteSavedReply', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKeys.savedReplies }),
  });
}

export const AUTOMATION_PAGE_SIZE = 50;

export function useAutomationLog() {
  return useInfiniteQuery({
    queryKey: rulesKeys.automation,
    queryFn: ({ pageParam, signal }) => api('automationLog', { query: { cursor: pageParam, limit: AUTOMATION_PAGE_SIZE }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useUndoAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api('undoAutomation', { body: { ids } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: rulesKeys.automation }), invalidateLists(client)]),
  });
}
