import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { ContentPageData } from '../../shared/api/types';

/** The shop's content queries and the contact form. */
export const contentQueries = {
  page: (language: string, slug: string) =>
    queryOptions({
      queryKey: ['content', language, 'page', slug],
      queryFn: () => api<{ data: ContentPageData }>('GET', `pages/${slug}`),
    }),
};

/** Sends the contact form. */
export function sendContact(body: { name: string; phone: string; email: string; message: string }) {
  return api<{ message: string }>('POST', 'contact', { body });
}
