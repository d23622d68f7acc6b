import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** A content page in the current language. */
export interface ContentPageData {
  slug: string;
  title: string;
  body: string;
}

/** The shop's public settings. */
export interface ShopSettings {
  contact_phone: string;
  whatsapp_number: string;
  email: string;
  address: string;
  social: { facebook: string | null; instagram: string | null };
  shipping: { free_weight_kg: number; extra_fee_per_kg: number; estimated_hours: number };
  points_earn_rate: number;
}

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
