import { useIntl } from 'react-intl';
import { useSession } from '../session/session';
import { toast } from '../ui/toast';
import { useAddToServerCart } from './api';
import { addToCart } from './localCart';

/** Adds units of a product to the shopper's cart — the server cart for a verified client, the
 * browser cart otherwise (design §4) — and says how many of it the cart holds now ("Added: 3").
 * A refusal (too few left) is reported by the API client. */
export function useAddToCart() {
  const intl = useIntl();
  const { user } = useSession();
  const addToServer = useAddToServerCart();
  const add = async (productId: number, quantity: number) => {
    let total: number;
    if (user?.verified) {
      const answer = await addToServer.mutateAsync({ id: productId, quantity }).catch(() => null);
      if (!answer) return;
      total = answer.data.products.find((line) => line.id === productId)?.quantity ?? quantity;
    } else {
      total = addToCart(productId, quantity);
    }
    toast('success', intl.formatMessage({ id: 'cart.added' }, { quantity: total }));
  };
  return { add, pending: addToServer.isPending };
}
