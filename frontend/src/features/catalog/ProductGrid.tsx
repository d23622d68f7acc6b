import { SimpleGrid } from '@mantine/core';
import type { Product } from '../../shared/api/catalogue';
import { ProductCard } from './ProductCard';

/** Products in a grid: two a row on a phone, more on wider screens. */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </SimpleGrid>
  );
}
