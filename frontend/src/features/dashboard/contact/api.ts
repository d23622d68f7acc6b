import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
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
        answer(
          api.GET('/api/dashboard/contact-messages', { params: { query: { search, status, page: String(page) } } }),
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
    mutationFn: (id: number) =>
      answer(api.POST('/api/dashboard/contact-messages/{id}/handled', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** Removes a message; the list is fetched again. */
export function useDeleteMessage() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (id: number) =>
      answer(api.DELETE('/api/dashboard/contact-messages/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}
