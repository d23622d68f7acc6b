import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

// The catalogue as the public API answers it: read by the storefront and by the dashboard's
// pickers, so it lives here rather than in one feature.

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

/** The categories, keyed by language so a switch refetches the names. */
export const categoriesQuery = (language: string) =>
  queryOptions({
    queryKey: ['catalog', language, 'categories'],
    queryFn: () => api<{ data: Category[] }>('GET', 'categories'),
    staleTime: 300_000,
  });
