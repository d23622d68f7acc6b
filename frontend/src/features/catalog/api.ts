import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../shared/api/client';
import { categoriesQuery } from '../../shared/api/catalogue';

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
        // An empty filter is no filter: the address keeps only what was asked.
        const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => !!value)) as ProductFilters;
        return answer(api.GET('/api/products', { params: { query } }));
      },
      placeholderData: (previous) => previous,
    }),
  product: (language: string, slug: string) =>
    queryOptions({
      queryKey: ['catalog', language, 'product', slug],
      queryFn: () => answer(api.GET('/api/products/{slug}', { params: { path: { slug } } }), { silent: true }),
      retry: false,
    }),
  categories: categoriesQuery,
  offer: (language: string, id: string, page: string) =>
    queryOptions({
      queryKey: ['catalog', language, 'offer', id, page],
      queryFn: () =>
        answer(api.GET('/api/offers/{id}', { params: { path: { id: Number(id) }, query: { page } } }), {
          silent: true,
        }),
      retry: false,
      placeholderData: (previous) => previous,
    }),
  suggestions: (language: string, text: string) =>
    queryOptions({
      queryKey: ['catalog', language, 'suggestions', text],
      queryFn: () => answer(api.GET('/api/search/suggestions', { params: { query: { q: text } } }), { silent: true }),
      staleTime: 60_000,
    }),
  home: (language: string) =>
    queryOptions({ queryKey: ['catalog', language, 'home'], queryFn: () => answer(api.GET('/api/home')) }),
};
