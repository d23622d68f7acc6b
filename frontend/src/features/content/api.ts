import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { ContentPageData, ShopSettings } from '../../shared/api/types';

/** The shop's content queries and the contact form. */
export const contentQueries = {
  page: (language: string, slug: string) =>
    queryOptions({
      queryKey: ['content', language, 'page', slug],
      queryFn: () => api<{ data: ContentPageData }>('GET', `pages/${slug}`),
    }),
  settings: (language: string) =>
    queryOptions({
      queryKey: ['content', language, 'settings'],
      queryFn: () => api<{ data: ShopSettings }>('GET', 'settings'),
      staleTime: 300_000,
    }),
};

/** Sends the contact form. */
export function sendContact(body: { name: string; phone: string; email: string; message: string }) {
  return api<{ message: string }>('POST', 'contact', { body });
}
