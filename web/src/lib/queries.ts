/** Shared queries and mutations of the signed-in screens. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isJobAccepted, TEXT, type CommentsQuery } from '@cg/shared';
import { api, errorMessage } from './api';
import { resultOf, waitForJob } from './jobs';
import { invalidateLists, qk } from './queryClient';
import { toast, toastError } from './toast';

export function useStats() {
  return useQuery({ queryKey: qk.stats, queryFn: () => api('stats') });
}

export function useActivity() {
  return useQuery({ queryKey: qk.activity, queryFn: () => api('activity') });
}

export function useAnalytics() {
  return useQuery({ queryKey: qk.analytics, queryFn: () => api('analytics') });
}

type CommentsParams = { [K in keyof CommentsQuery]?: string | number | boolean };

export function useComments(scope: 'queue' | 'all', params: CommentsParams) {
  return useQuery({
    queryKey: [...qk.comments, scope, params],
    // startedAt: when this answer was asked for, so that a screen can tell answers older than an action.
    queryFn: async ({ signal }) => {
      const startedAt = Date.now();
      return { ...(await api('listComments', { query: params, signal })), startedAt };
    },
    placeholderData: (prev) => prev,
  });
}

/** A moderation mutation: refreshes the lists on success and shows the spec's notice. */
function useCommentAction<V>(fn: (v: V) => Promise<unknown>, ok: { title?: string; description: string } | null, fail: { title?: string; fallback: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      if (ok) toast({ title: ok.title, description: ok.description });
      return invalidateLists(client);
    },
    onError: (err) => toastError(errorMessage(err, fail.fallback), fail.title),
  });
}

export function useSocialAccounts(enabled = true) {
  return useQuery({ queryKey: qk.socialAccounts, queryFn: () => api('socialAccounts'), enabled });
}

/** Sync: with no account connected there is nothing to sync, and the answer (`accounts: 0`) says so. */
export function useSync(onNothingConnected: () => void) {
  const client = useQueryClient();
  return useMutation({
    // What is left after a few seconds continues as a job: its bar shows, and the lists refetch when it ends.
    mutationFn: async () => { const r = await api('syncComments'); if (isJobAccepted(r)) await waitForJob(r.job); return r; },
    onSuccess: (r) => {
      const accounts = (r as { accounts?: unknown } | undefined)?.accounts;
      if (accounts === 0) {
        toast({ title: 'Nothing to sync', description: TEXT.syncNothingConnected });
        onNothingConnected();
        return client.invalidateQueries({ queryKey: qk.socialAccounts });
      }
      toast({ description: TEXT.synced });
      return invalidateLists(client);
    },
    onError: (err) => toastError(errorMessage(err, TEXT.syncFailed)),
  });
}

export function useBulkAnalyze() {
  // Over 500 pending comments Process All is a job: its bar shows analysis progress, the lists refetch when it ends.
  return useCommentAction(async () => resultOf(await api('bulkAnalyze')), { description: TEXT.bulkDone }, { fallback: TEXT.bulkFailed });
}

export function useProcess() {
  return useCommentAction((id: string) => api('processComment', { params: { id } }), null, { fallback: TEXT.processFailed });
}

export function useApprove() {
  return useCommentAction((id: string) => api('approveComment', { params: { id } }), { description: TEXT.approved }, { fallback: TEXT.approveFailed });
}

export function useOverride() {
  return useCommentAction(
    (v: { id: string; action: 'ignore' | 'reply_sent' }) => api('overrideComment', { params: { id: v.id }, body: { action: v.action } }),
    { description: TEXT.overridden },
    { fallback: TEXT.overrideFailed },
  );
}

export function useUpdateReply() {
  return useCommentAction(
    (v: { id: string; suggestedReply: string }) => api('updateReply', { params: { id: v.id }, body: { suggestedReply: v.suggestedReply } }),
    { title: TEXT.replyUpdatedTitle, description: TEXT.replyUpdated },
    { title: TEXT.updateReplyFailedTitle, fallback: TEXT.updateReplyFailed },
  );
}
