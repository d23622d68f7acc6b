import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useAttemptKey } from '../../../shared/api/attempt';
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

const audienceBody = (audience: AudienceChoice) => ({
  kind: audience.kind,
  id: audience.id ? Number(audience.id) : null,
});

/** Broadcasts and their previews. */
export const smsQueries = {
  list: (page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'sms', page],
      queryFn: () => answer(api.GET('/api/dashboard/sms', { params: { query: { page: String(page) } } })),
      placeholderData: keepPreviousData,
    }),
  /** One broadcast, asked again every second while it is being sent. */
  one: (id: number) =>
    queryOptions({
      queryKey: ['dashboard', 'sms', 'one', id],
      queryFn: () => answer(api.GET('/api/dashboard/sms/{id}', { params: { path: { id } } })),
      refetchInterval: (query) =>
        ['queued', 'sending'].includes(query.state.data?.data.status ?? 'queued') ? 1000 : false,
    }),
  preview: (message: string, audience: AudienceChoice) =>
    queryOptions({
      queryKey: ['dashboard', 'sms', 'preview', message, audience],
      queryFn: () =>
        answer(api.POST('/api/dashboard/sms/preview', { body: { message, audience: audienceBody(audience) } }), {
          silent: true,
        }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  /** The opt-out line every SMS ends with, in each language as the server writes it, asked
   * once with a sample message. */
  optOutLines: () =>
    queryOptions({
      queryKey: ['dashboard', 'sms', 'opt-out-lines'],
      queryFn: () =>
        answer(
          api.POST('/api/dashboard/sms/preview', { body: { message: 'x', audience: { kind: 'all', id: null } } }),
          {
            silent: true,
          },
        ),
      select: (answer) => answer.data.opt_out_lines,
      staleTime: Infinity,
      retry: false,
    }),
};

/** Sends a message to an audience under one `Idempotency-Key` per attempt, so a double click
 * or a retry on a weak network never sends every client the SMS twice; the list reloads. */
export function useSendSms() {
  const client = useQueryClient();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: ({ message, audience }: { message: string; audience: AudienceChoice }) => {
      const body = { message, audience: audienceBody(audience) };
      return attempt.send(body, (key) =>
        answer(api.POST('/api/dashboard/sms', { body, params: { header: { 'Idempotency-Key': key } } })),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'sms'] }),
  });
}
