import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '../../../shared/api/types';

export type { ApiKey, WebhookDelivery, WebhookEndpoint };

/** A new key as the form writes it. */
export interface KeyDraft {
  name: string;
  scopes: string[];
  allowed_addresses: string[];
  expires_at: string;
}

/** An endpoint as the form writes it. */
export interface EndpointDraft {
  url: string;
  events: string[];
  active: boolean;
}

/** Staff's integration calls. */
export const integrationQueries = {
  keys: () =>
    queryOptions({
      queryKey: ['dashboard', 'api-keys'],
      queryFn: () => answer(api.GET('/api/dashboard/api-keys')),
    }),
  endpoints: () =>
    queryOptions({
      queryKey: ['dashboard', 'webhooks'],
      queryFn: () => answer(api.GET('/api/dashboard/webhooks')),
    }),
  deliveries: (id: number) =>
    queryOptions({
      queryKey: ['dashboard', 'webhooks', id, 'deliveries'],
      queryFn: () => answer(api.GET('/api/dashboard/webhooks/{id}/deliveries', { params: { path: { id } } })),
      // A delivery's attempts change by themselves while it is pending.
      refetchInterval: 5000,
    }),
};

function useRefresh(key: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['dashboard', key] });
}

/** Makes a key; the answer holds its secret, shown once. */
export function useCreateKey() {
  const refresh = useRefresh('api-keys');
  return useMutation({
    mutationFn: (draft: KeyDraft) =>
      answer(
        api.POST('/api/dashboard/api-keys', {
          body: { ...draft, expires_at: draft.expires_at || null },
        }),
      ),
    onSuccess: refresh,
  });
}

/** Revokes a key. */
export function useRevokeKey() {
  const refresh = useRefresh('api-keys');
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/dashboard/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** Adds an endpoint (no id) or changes one; an added one's answer holds its secret. */
export function useSaveEndpoint() {
  const refresh = useRefresh('webhooks');
  return useMutation({
    mutationFn: ({ id, draft }: { id: number | null; draft: EndpointDraft }) =>
      id === null
        ? answer(api.POST('/api/dashboard/webhooks', { body: draft }))
        : answer(api.PUT('/api/dashboard/webhooks/{id}', { params: { path: { id } }, body: draft })),
    onSuccess: refresh,
  });
}

/** Removes an endpoint. */
export function useDeleteEndpoint() {
  const refresh = useRefresh('webhooks');
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/dashboard/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** A new signing secret, shown once. */
export function useRotateSecret() {
  const refresh = useRefresh('webhooks');
  return useMutation({
    mutationFn: (id: number) => answer(api.POST('/api/dashboard/webhooks/{id}/secret', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** Sends a test event. */
export function useSendTest() {
  const refresh = useRefresh('webhooks');
  return useMutation({
    mutationFn: (id: number) => answer(api.POST('/api/dashboard/webhooks/{id}/test', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** Sends one delivery again. */
export function useResend() {
  const refresh = useRefresh('webhooks');
  return useMutation({
    mutationFn: ({ endpoint, delivery }: { endpoint: number; delivery: number }) =>
      answer(
        api.POST('/api/dashboard/webhooks/{id}/deliveries/{delivery}/resend', {
          params: { path: { id: endpoint, delivery } },
        }),
      ),
    onSuccess: refresh,
  });
}

/** Sends again every event since a day. */
export function useReplay() {
  const refresh = useRefresh('webhooks');
  return useMutation({
    mutationFn: ({ endpoint, since }: { endpoint: number; since: string }) =>
      answer(api.POST('/api/dashboard/webhooks/{id}/replay', { params: { path: { id: endpoint } }, body: { since } })),
    onSuccess: refresh,
  });
}
