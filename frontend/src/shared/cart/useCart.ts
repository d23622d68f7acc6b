import { useQuery } from '@tanstack/react-query';
import type { CartData } from '../api/types';
import { useLanguage } from '../i18n/LanguageProvider';
import { useSession } from '../session/session';
import { cartQueries, useClearServerCart, useRemoveServerLine, useSetServerLine } from './api';
import { clearLocalCart, setCartLine, useLocalCart } from './localCart';

/** The buyer's cart, wherever it lives: on the server for a verified client (design §4), in
 * the browser for a guest or an account still to be verified; the same actions for both. */
export function useCart() {
  const { user } = useSession();
  const { language } = useLanguage();
  const onServer = Boolean(user?.verified);
  const local = useLocalCart();
  const server = useQuery({ ...cartQueries.server(language), enabled: onServer });
  const quoted = useQuery({ ...cartQueries.quote(language, local), enabled: !onServer && local.length > 0 });
  const setLine = useSetServerLine();
  const removeLine = useRemoveServerLine();
  const clearServer = useClearServerCart();

  const cart: CartData | undefined = onServer ? server.data?.data : local.length ? quoted.data?.data : undefined;
  return {
    cart,
    onServer,
    /** Whether the first figures are still on their way. */
    loading: onServer ? server.isPending : local.length > 0 && quoted.isPending,
    /** How many products the cart holds, for the header's badge. */
    count: onServer ? (server.data?.data.products.length ?? 0) : local.length,
    setQuantity: (id: number, quantity: number) =>
      onServer ? setLine.mutateAsync({ id, quantity }) : Promise.resolve(setCartLine(id, quantity)),
    remove: (id: number) => (onServer ? removeLine.mutateAsync(id) : Promise.resolve(setCartLine(id, 0))),
    clear: () => (onServer ? clearServer.mutateAsync() : Promise.resolve(clearLocalCart())),
  };
}
