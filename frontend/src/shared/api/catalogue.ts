import { queryOptions } from '@tanstack/react-query';
import { answer, api } from './client';

export type { Category, Offer, Product } from './types';

// The catalogue as the public API answers it: read by the storefront and by the dashboard's
// pickers, so it lives here rather than in one feature.

/** The categories, keyed by language so a switch refetches the names. */
export const categoriesQuery = (language: string) =>
  queryOptions({
    queryKey: ['catalog', language, 'categories'],
    queryFn: () => answer(api.GET('/api/categories')),
    staleTime: 300_000,
  });
