import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** A category as the storefront shows it. */
export interface Category {
  id: number;
  slug: string;
  name: string;
  image: string | null;
}

/** A product as the storefront shows it. */
export interface Product {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  sale_price: number;
  discount: number;
  has_offer: boolean;
  in_stock: boolean;
  weight: number;
  weight_unit: 'kg' | 'g';
  expires_at: string | null;
  featured: boolean;
  is_package: boolean;
  pieces_per_package: number | null;
  category: Category | null;
  image: string | null;
  images: string[];
  created_at: string;
}

/** A running offer. */
export interface Offer {
  id: number;
  title: string;
  percentage: number;
  banner_image: string | null;
  ends_at: string;
}

/** One page of products. */
export interface ProductPage {
  data: Product[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** Everything the Home screen shows. */
export interface HomeData {
  featured: Product[];
  categories: Category[];
  recent: Product[];
  offers: Offer[];
}

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
        const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]));
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
  categories: (language: string) =>
    queryOptions({ queryKey: ['catalog', language, 'categories'], queryFn: () => api<{ data: Category[] }>('GET', 'categories'), staleTime: 300_000 }),
  home: (language: string) => queryOptions({ queryKey: ['catalog', language, 'home'], queryFn: () => api<{ data: HomeData }>('GET', 'home') }),
};
