import { FormattedMessage, useIntl } from 'react-intl';
import type { Product } from '../../shared/api/catalogue';
import { useAddToCart } from '../../shared/cart/useAddToCart';
import controls from '../../shared/ui/controls.module.css';

/** A product card's "Add to cart": one unit, into the server cart for a verified client and
 * the browser cart otherwise, as the product page's button does. Loaded after the list, into
 * a slot of its size, so the storefront's first download does not grow. */
export default function CardBuy({ product }: { product: Product }) {
  const intl = useIntl();
  const { add, pending } = useAddToCart();
  return (
    <button
      type="button"
      className={`${controls.button} ${controls.outline} ${controls.compact}`}
      style={{ inlineSize: '100%' }}
      disabled={pending}
      aria-busy={pending}
      aria-label={intl.formatMessage({ id: 'cart.add_named' }, { name: product.name })}
      onClick={() => add(product.id, 1)}
      data-testid="card-add"
    >
      <FormattedMessage id="cart.add" />
    </button>
  );
}
