import type { Product } from '../shared/api/types';

/** A product as the storefront's API answers it, 1 kg of seeds at 60 EGP, in stock. */
export function aProduct(changes: Partial<Product> = {}): Product {
  return {
    id: 7,
    slug: 'tomato-seeds',
    name: 'Tomato seeds',
    description: 'Seeds.',
    created_at: '2026-01-01T00:00:00Z',
    discount: 0,
    featured: false,
    has_offer: false,
    images: [],
    in_stock: true,
    available: 999,
    is_package: false,
    price: 60,
    sale_price: 60,
    weight: 1,
    weight_unit: 'kg',
    ...changes,
  };
}
