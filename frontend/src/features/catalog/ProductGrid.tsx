import type { Product } from '../../shared/api/catalogue';
import { ProductCard } from './ProductCard';
import classes from './ProductCard.module.css';

/** Products in a grid: two a row on a phone, more on wider screens. `first` is a grid at the
 * top of its page: the pictures of its first row (a phone's) come at once. */
export function ProductGrid({ products, first = false }: { products: Product[]; first?: boolean }) {
  return (
    <div className={classes.grid}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={first && index < 2} />
      ))}
    </div>
  );
}
