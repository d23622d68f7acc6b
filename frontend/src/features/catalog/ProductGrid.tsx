import type { Product } from '../../shared/api/catalogue';
import { ProductCard } from './ProductCard';
import { Grid } from '../../shared/ui/Grid';

/** Products in a grid: two a row on a phone, more on wider screens. `first` is a grid at the
 * top of its page: the pictures of its first row (a phone's) come at once; `query` goes on
 * each product's link. */
export function ProductGrid({
  products,
  first = false,
  query,
}: {
  products: Product[];
  first?: boolean;
  query?: string;
}) {
  return (
    <Grid cols={{ base: 2, sm: 3, md: 4 }}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={first && index < 2} query={query} />
      ))}
    </Grid>
  );
}
