import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { answer, api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';
import { toast } from '../../shared/ui/toast';
import { cartLines, clearLocalCart } from '../../shared/cart/localCart';

// One transfer at a time, whatever mounts or re-renders meanwhile.
let moving = false;

/** Moves the browser cart to the server as soon as a verified client is signed in: after
 * login, Google sign-in, or the verification of a new account (an unverified one keeps its
 * cart in the browser, design §4). The browser cart is removed only once the server took it,
 * and the server cart is reloaded. */
export function CartTransfer() {
  const intl = useIntl();
  const client = useQueryClient();
  const { token, user } = useSession();
  const verified = Boolean(token && user?.verified);

  useEffect(() => {
    const items = cartLines();
    if (!verified || items.length === 0 || moving) return;
    moving = true;
    answer(api.POST('/api/cart/transfer', { body: { items } }), { silent: true })
      .then(() => {
        clearLocalCart();
        toast('success', intl.formatMessage({ id: 'cart.transferred' }));
        return client.invalidateQueries({ queryKey: ['cart'] });
      })
      .catch(() => toast('error', intl.formatMessage({ id: 'cart.transfer_failed' })))
      .finally(() => {
        moving = false;
      });
  }, [verified, intl, client]);
  return null;
}
