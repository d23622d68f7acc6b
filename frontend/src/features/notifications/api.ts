import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

/** A notification in the request's language. */
export type NotificationData = components['schemas']['NotificationData'];
type NotificationList = components['schemas']['NotificationList'];

/** How often the bell and the list look for news (design §5: "polling every 30 s"). */
export const POLL_MS = 30_000;

/** The signed-in user's notifications, newest first, polled so news shows without a reload. */
export const notificationQueries = {
  page: (language: string, unreadOnly: boolean, page: number) =>
    queryOptions({
      queryKey: ['notifications', language, unreadOnly, page],
      queryFn: () => {
        const query = new URLSearchParams({ page: String(page) });
        if (unreadOnly) query.set('unread', '1');
        return api<NotificationList>('GET', `notifications?${query}`, { silent: true });
      },
      placeholderData: keepPreviousData,
      refetchInterval: POLL_MS,
    }),
};

/** Marks one notification read; the bell and the list reload. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string; unread: number }>('POST', `notifications/${id}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** Marks every notification read. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string; unread: number }>('POST', 'notifications/read-all'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
