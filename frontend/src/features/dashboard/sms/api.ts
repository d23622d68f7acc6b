import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** A broadcast with how far it got. */
export type Broadcast = components['schemas']['BroadcastData'];
/** What a broadcast would take. */
export type Preview = components['schemas']['PreviewData'];

/** Who a broadcast goes to. */
export interface AudienceChoice {
  kind: 'all' | 'group' | 'city' | 'verified';
  id: string;
}

const audienceBody = (audience: AudienceChoice) => ({ kind: audience.kind, id: audience.id || null });

/** Broadcasts and their previews. */
export const smsQueries = {
  list: (page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'sms', page],
      queryFn: () => api<{ data: Broadcast[]; meta: { last_page: number } }>('GET', `dashboard/sms?page=${page}`),
      placeholderData: keepPreviousData,
    }),
  /** One broadcast, asked again every second while it is being sent. */
  one: (id: number) =>
    queryOptions({
      queryKey: ['dashboard', 'sms', 'one', id],
      queryFn: () => api<{ data: Broadcast }>('GET', `dashboard/sms/${id}`),
      refetchInterval: (query) =>
        ['queued', 'sending'].includes(query.state.data?.data.status ?? 'queued') ? 1000 : false,
    }),
  preview: (message: string, audience: AudienceChoice) =>
    queryOptions({
      queryKey: ['dashboard', 'sms', 'preview', message, audience],
      queryFn: () =>
        api<{ data: Preview }>('POST', 'dashboard/sms/preview', {
          body: { message, audience: audienceBody(audience) },
          silent: true,
        }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
};

/** Sends a message to an audience; the list reloads. */
export function useSendSms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, audience }: { message: string; audience: AudienceChoice }) =>
      api<{ message: string; data: Broadcast }>('POST', 'dashboard/sms', {
        body: { message, audience: audienceBody(audience) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'sms'] }),
  });
}
