import { queryOptions } from '@tanstack/react-query';
import { answer, api } from './client';

/** The client's saved addresses, in the page's language (city names). */
export const addressQueries = {
  list: (language: string) =>
    queryOptions({
      queryKey: ['account', 'addresses', language],
      queryFn: () => answer(api.GET('/api/addresses')),
    }),
};
