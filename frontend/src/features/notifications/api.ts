import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

/** A notification in the request's language. */
export type NotificationData = components['schemas']['NotificationData'];

/** How often the bell and the list look for news (design §5: "polling every 30 s"). */
export const POLL_MS = 30_000;

/** The signed-in user's notifications, newest first, polled so news shows without a reload. */
export const notificationQueries = {
  page: (language: string, unreadOnly: boolean, page: number) =>
    queryOptions({
      queryKey: ['notifications', language, unreadOnly, page],
      queryFn: () => {
        const query = { page: String(page), ...(unreadOnly ? { unread: '1' } : {}) };
        return answer(api.GET('/api/notifications', { params: { query } }), { silent: true });
      },
      placeholderData: keepPreviousData,
      refetchInterval: POLL_MS,
    }),
};

/** Marks one notification read; the bell and the list reload. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(api.POST('/api/notifications/{id}/read', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** Marks every notification read. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.POST('/api/notifications/read-all')),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
