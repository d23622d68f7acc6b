import { FormattedMessage, useIntl } from 'react-intl';
import type { Product } from '../../shared/api/catalogue';
import { useAddToServerCart } from '../../shared/cart/api';
import { addToCart } from '../../shared/cart/localCart';
import { useSession } from '../../shared/session/session';
import { toast } from '../../shared/ui/toast';
import controls from '../../shared/ui/controls.module.css';

/** A product card's "Add to cart": one unit, into the server cart for a verified client and
 * the browser cart otherwise, as the product page's button does. Loaded after the list, into
 * a slot of its size, so the storefront's first download does not grow. */
export default function CardBuy({ product }: { product: Product }) {
  const intl = useIntl();
  const { user } = useSession();
  const addToServer = useAddToServerCart();
  const add = async () => {
    let total: number;
    if (user?.verified) {
      // A refusal (too few left) is reported by the API client.
      const answer = await addToServer.mutateAsync({ id: product.id, quantity: 1 }).catch(() => null);
      if (!answer) return;
      total = answer.data.products.find((line) => line.id === product.id)?.quantity ?? 1;
    } else {
      total = addToCart(product.id, 1);
    }
    toast('success', intl.formatMessage({ id: 'cart.added' }, { quantity: total }));
  };
  return (
    <button
      type="button"
      className={`${controls.button} ${controls.outline} ${controls.compact}`}
      style={{ inlineSize: '100%' }}
      disabled={addToServer.isPending}
      aria-busy={addToServer.isPending}
      aria-label={intl.formatMessage({ id: 'cart.add_named' }, { name: product.name })}
      onClick={add}
      data-testid="card-add"
    >
      <FormattedMessage id="cart.add" />
    </button>
  );
}
