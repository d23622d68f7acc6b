import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { ShopSettings } from './types';

/** The shop's public settings (contacts, WhatsApp number, shipping rule numbers), the same for
 * a while, in the page's language. */
export const settingsQueries = {
  public: (language: string) =>
    queryOptions({
      queryKey: ['settings', language],
      queryFn: () => api<{ data: ShopSettings }>('GET', 'settings'),
      staleTime: 300_000,
    }),
};
