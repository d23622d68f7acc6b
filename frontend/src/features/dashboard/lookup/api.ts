import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** What one text found: orders, clients and products. */
export type LookupData = components['schemas']['LookupData'];

/** The dashboard's look-up of a text, in the staff member's language. */
export const lookupQueries = {
  of: (text: string, language: string) =>
    queryOptions({
      queryKey: ['dashboard', 'lookup', text, language],
      queryFn: () => answer(api.GET('/api/dashboard/lookup', { params: { query: { q: text } } })),
      enabled: text.trim() !== '',
      placeholderData: keepPreviousData,
    }),
};

/** The look-up's page for a text. */
export function lookupRoute(text: string): string {
  return `/dashboard/lookup?q=${encodeURIComponent(text.trim())}`;
}
