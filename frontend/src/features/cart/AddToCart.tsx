import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Product } from '../../shared/api/catalogue';
import { usePrice } from '../../shared/format';
import { QuantityStepper, typedQuantity } from '../../shared/ui/QuantityStepper';
import { useAddToCart } from '../../shared/cart/useAddToCart';
import { MAX_QUANTITY } from '../../shared/cart/localCart';
import controls from '../../shared/ui/controls.module.css';
import classes from './AddToCart.module.css';

/** The quantity (−, typed with any digits, +; at most what is left, which it says when reached)
 * and "Add to cart", for a product in stock: into
 * the server cart for a verified client, the browser cart otherwise (design §4). On a phone,
 * once the shopper scrolls past the button, a bar above the bottom navigation keeps the price
 * and the button under the thumb. */
export function AddToCart({ product }: { product: Product }) {
  const intl = useIntl();
  const price = usePrice();
  const { add, pending } = useAddToCart();
  const [typed, setTyped] = useState('1');
  const form = useRef<HTMLDivElement>(null);
  const [formPassed, setFormPassed] = useState(false);
  const quantity = typedQuantity(typed);
  // What one order can take: the units left, at most what a cart line holds.
  const most = Math.min(MAX_QUANTITY, product.available);
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= most;
  const inStock = product.in_stock;
  const capped = most < MAX_QUANTITY && quantity >= most;

  useEffect(() => {
    const element = form.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // Scrolled past, not merely below the screen: then the bar never doubles a visible button.
    const observer = new IntersectionObserver(([entry]) =>
      setFormPassed(Boolean(entry && !entry.isIntersecting && entry.boundingClientRect.top < 0)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const button = (
    <button
      type="button"
      className={controls.button}
      disabled={!inStock || !valid || pending}
      aria-busy={pending}
      onClick={() => add(product.id, quantity)}
    >
      <FormattedMessage id={inStock ? 'cart.add' : 'product.out_of_stock'} />
    </button>
  );

  return (
    <>
      <div className={classes.form} data-testid="add-to-cart" ref={form}>
        <QuantityStepper
          label={intl.formatMessage({ id: 'cart.quantity' })}
          typed={typed}
          onType={setTyped}
          onStep={(next) => setTyped(String(next))}
          // More than is left is brought down to what is left when the shopper leaves the box.
          onBlur={() => quantity > most && setTyped(String(most))}
          max={most}
          w={72}
          disabled={!inStock}
          error={
            !valid && inStock
              ? capped
                ? intl.formatMessage({ id: 'cart.left' }, { left: most })
                : intl.formatMessage({ id: 'cart.quantity_range' }, { max: most })
              : undefined
          }
        />
        {button}
        {inStock && valid && capped && (
          <p
            className={`${controls.text} ${controls.small} ${controls.dimmed}`}
            style={{ flexBasis: '100%' }}
            data-testid="only-left"
          >
            <FormattedMessage id="cart.left" values={{ left: most }} />
          </p>
        )}
      </div>
      {inStock && formPassed && (
        <div className={classes.bar} data-testid="sticky-buy">
          <p className={`${controls.text} ${controls.price} ${controls.big}`} style={{ fontWeight: 800 }}>
            <bdi>{price(product.sale_price)}</bdi>
          </p>
          {valid && quantity > 1 && (
            <p className={`${controls.text} ${controls.small} ${controls.dimmed}`}>
              <FormattedMessage id="cart.times" values={{ quantity }} />
            </p>
          )}
          {button}
        </div>
      )}
    </>
  );
}
