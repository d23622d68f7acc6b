import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { ContactMessage } from '../../../shared/api/types';

export type { ContactMessage };

/** Which messages the list shows. */
export interface ContactFilter {
  search: string;
  status: '' | 'new' | 'handled';
  page: number;
}

/** Staff's contact message calls. */
export const contactMessageQueries = {
  list: ({ search, status, page }: ContactFilter) =>
    queryOptions({
      queryKey: ['dashboard', 'contact-messages', search, status, page],
      queryFn: () =>
        api<{ data: ContactMessage[]; meta: { last_page: number; total: number } }>(
          'GET',
          `dashboard/contact-messages?${new URLSearchParams({ search, status, page: String(page) })}`,
        ),
      placeholderData: (previous) => previous,
    }),
};

function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['dashboard', 'contact-messages'] });
}

/** Marks a message answered; the list is fetched again. */
export function useMarkHandled() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('POST', `dashboard/contact-messages/${id}/handled`),
    onSuccess: refresh,
  });
}

/** Removes a message; the list is fetched again. */
export function useDeleteMessage() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('DELETE', `dashboard/contact-messages/${id}`),
    onSuccess: refresh,
  });
}
