import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../shared/api/client';

/** The shop's content queries and the contact form. */
export const contentQueries = {
  page: (language: string, slug: string) =>
    queryOptions({
      queryKey: ['content', language, 'page', slug],
      queryFn: () => answer(api.GET('/api/pages/{slug}', { params: { path: { slug } } })),
    }),
};

/** Sends the contact form. */
export function sendContact(body: { name: string; phone: string; email: string; message: string }) {
  return answer(api.POST('/api/contact', { body }));
}
