/** Queries and mutations of the public API (issue 11, item 9): API keys, outgoing webhook endpoints and their delivery log. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyScope, WebhookEventType } from '@cg/shared';
import { api, errorMessage } from './api';
import { toastError } from './toast';

export const publicApiKeys = {
  apiKeys: ['api-keys'] as const,
  webhooks: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export function useApiKeys(enabled = true) {
  return useQuery({ queryKey: publicApiKeys.apiKeys, queryFn: () => api('listApiKeys'), enabled });
}

/** Answers with the key itself: the caller shows it once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: ApiKeyScope[] }) => api('createApiKey', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicApiKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('revokeApiKey', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicApiKeys.apiKeys }),
    onError: (err) => toastError(errorMessage(err, 'Failed to revoke the key. Please try again.'), 'Error'),
  });
}

export function useWebhooks(enabled = true) {
  return useQuery({ queryKey: publicApiKeys.webhooks, queryFn: () => api('listWebhooks'), enabled });
}

/** Answers with the signing secret: the caller shows it once. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[]; description?: string }) => api('createWebhook', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicApiKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('deleteWebhook', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicApiKeys.webhooks }),
    onError: (err) => toastError(errorMessage(err, 'Failed to delete the endpoint. Please try again.'), 'Error'),
  });
}

export function useDeliveries(id: string, enabled: boolean) {
  return useQuery({ queryKey: publicApiKeys.deliveries(id), queryFn: () => api('webhookDeliveries', { params: { id } }), enabled });
}
