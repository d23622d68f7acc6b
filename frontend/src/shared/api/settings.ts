import { queryOptions } from '@tanstack/react-query';
import { answer, api } from './client';

/** The shop's public settings (contacts, WhatsApp number, shipping rule numbers), the same for
 * a while, in the page's language. */
export const settingsQueries = {
  public: (language: string) =>
    queryOptions({
      queryKey: ['settings', language],
      queryFn: () => answer(api.GET('/api/settings')),
      staleTime: 300_000,
    }),
};
