import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { categoriesQuery } from '../../shared/api/catalogue';
import type { HomeData, OfferPage, Product, ProductPage, SuggestionsResponse } from '../../shared/api/types';

/** What the product list is asked for (the URL's search parameters). */
export interface ProductFilters {
  search?: string;
  category?: string;
  sort?: string;
  page?: string;
}

/** The catalogue's queries, keyed by language so a switch refetches the texts. */
export const catalogQueries = {
  products: (language: string, filters: ProductFilters) =>
    queryOptions({
      queryKey: ['catalog', language, 'products', filters],
      queryFn: () => {
        const params = new URLSearchParams(
          Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]),
        );
        return api<ProductPage>('GET', `products?${params.toString()}`);
      },
      placeholderData: (previous) => previous,
    }),
  product: (language: string, slug: string) =>
    queryOptions({
      queryKey: ['catalog', language, 'product', slug],
      queryFn: () => api<{ data: Product }>('GET', `products/${encodeURIComponent(slug)}`, { silent: true }),
      retry: false,
    }),
  categories: categoriesQuery,
  offer: (language: string, id: string, page: string) =>
    queryOptions({
      queryKey: ['catalog', language, 'offer', id, page],
      queryFn: () =>
        api<OfferPage>('GET', `offers/${encodeURIComponent(id)}?page=${encodeURIComponent(page)}`, { silent: true }),
      retry: false,
      placeholderData: (previous) => previous,
    }),
  suggestions: (language: string, text: string) =>
    queryOptions({
      queryKey: ['catalog', language, 'suggestions', text],
      queryFn: () =>
        api<SuggestionsResponse>('GET', `search/suggestions?q=${encodeURIComponent(text)}`, { silent: true }),
      staleTime: 60_000,
    }),
  home: (language: string) =>
    queryOptions({ queryKey: ['catalog', language, 'home'], queryFn: () => api<{ data: HomeData }>('GET', 'home') }),
};
