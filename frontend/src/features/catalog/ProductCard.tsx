import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePrice } from '../../shared/format';
import type { Product } from '../../shared/api/catalogue';
import controls from '../../shared/ui/controls.module.css';
import { ProductImage } from './ProductImage';
import { DiscountBadge } from './DiscountBadge';
import classes from './ProductCard.module.css';

// After the list: the button's slot keeps its place meanwhile.
const CardBuy = lazy(() => import('./CardBuy'));

/** A product in a list: picture, name, price (and the sale price), stock, and "Add to cart"
 * for one unit while it is in stock; `query` (a crop, a pest) goes on its link. */
export function ProductCard({
  product,
  priority = false,
  query = '',
}: {
  product: Product;
  priority?: boolean;
  query?: string;
}) {
  const price = usePrice();
  const discounted = product.sale_price < product.price;
  return (
    <div className={`${controls.card} ${classes.card}`} data-testid="product-card">
      <Link to={`/products/${product.slug}${query}`} className={classes.link}>
        <div className={classes.picture}>
          <ProductImage src={product.image} alt={product.name} priority={priority} />
        </div>
        <div className={classes.body}>
          <p className={`${controls.text} ${classes.name}`} data-testid="product-name">
            {product.name}
          </p>
          <div className={controls.row}>
            <p className={`${controls.text} ${controls.price}`} data-testid="product-price">
              <bdi>{price(product.sale_price)}</bdi>
            </p>
            {discounted && (
              <p className={`${controls.text} ${controls.small} ${controls.dimmed} ${classes.was}`}>
                <bdi>{price(product.price)}</bdi>
              </p>
            )}
          </div>
          <div className={controls.row} style={{ gap: 4 }}>
            {discounted && <DiscountBadge percent={product.discount} />}
            {!product.in_stock && (
              <span className={`${controls.badge} ${controls.badgeGray}`}>
                <FormattedMessage id="product.out_of_stock" />
              </span>
            )}
          </div>
        </div>
      </Link>
      <div className={classes.buy}>
        {product.in_stock && (
          <Suspense fallback={null}>
            <CardBuy product={product} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
