import { useEffect, useRef, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Product } from '../../shared/api/catalogue';
import { usePrice } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { toast } from '../../shared/ui/toast';
import { QuantityStepper, typedQuantity } from '../../shared/ui/QuantityStepper';
import { useAddToServerCart } from '../../shared/cart/api';
import { addToCart, MAX_QUANTITY } from '../../shared/cart/localCart';
import classes from './AddToCart.module.css';

/** The quantity (−, typed with any digits, +) and "Add to cart", for a product in stock: into
 * the server cart for a verified client, the browser cart otherwise (design §4). On a phone,
 * once the shopper scrolls past the button, a bar above the bottom navigation keeps the price
 * and the button under the thumb. */
export function AddToCart({ product }: { product: Product }) {
  const intl = useIntl();
  const price = usePrice();
  const { user } = useSession();
  const addToServer = useAddToServerCart();
  const [typed, setTyped] = useState('1');
  const form = useRef<HTMLDivElement>(null);
  const [formPassed, setFormPassed] = useState(false);
  const quantity = typedQuantity(typed);
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
  const inStock = product.in_stock;

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

  const add = async () => {
    let total: number;
    if (user?.verified) {
      // A refusal (too few left) is reported by the API client.
      const answer = await addToServer.mutateAsync({ id: product.id, quantity }).catch(() => null);
      if (!answer) return;
      total = answer.data.products.find((line) => line.id === product.id)?.quantity ?? quantity;
    } else {
      total = addToCart(product.id, quantity);
    }
    toast('success', intl.formatMessage({ id: 'cart.added' }, { quantity: total }));
  };

  const button = (
    <Button disabled={!inStock || !valid} loading={addToServer.isPending} onClick={add}>
      <FormattedMessage id={inStock ? 'cart.add' : 'product.out_of_stock'} />
    </Button>
  );

  return (
    <>
      <Group align="end" gap="sm" className={classes.form} data-testid="add-to-cart" ref={form}>
        <QuantityStepper
          label={intl.formatMessage({ id: 'cart.quantity' })}
          typed={typed}
          onType={setTyped}
          onStep={(next) => setTyped(String(next))}
          w={72}
          disabled={!inStock}
          error={
            !valid && inStock ? intl.formatMessage({ id: 'cart.quantity_range' }, { max: MAX_QUANTITY }) : undefined
          }
        />
        {button}
      </Group>
      {inStock && formPassed && (
        <div className={classes.bar} data-testid="sticky-buy">
          <Text fw={800} c="green.8" size="lg">
            <bdi>{price(product.sale_price)}</bdi>
          </Text>
          {valid && quantity > 1 && (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="cart.times" values={{ quantity }} />
            </Text>
          )}
          {button}
        </div>
      )}
    </>
  );
}
