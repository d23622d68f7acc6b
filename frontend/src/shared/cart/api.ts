import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../api/client';
import type { CartData } from '../api/types';
import type { CartLine } from './localCart';

/** What every cart call answers. */
type CartAnswer = { data: CartData };

/** The server cart of a verified client, and a guest's browser cart priced the same way. */
export const cartQueries = {
  server: (language: string) =>
    queryOptions({
      queryKey: ['cart', 'server', language],
      queryFn: () => answer(api.GET('/api/cart')),
    }),
  quote: (language: string, lines: CartLine[]) =>
    queryOptions({
      queryKey: ['cart', 'quote', language, lines],
      queryFn: () => answer(api.POST('/api/cart/quote', { body: { items: lines } })),
      enabled: lines.length > 0,
      // The old figures stay on screen while a changed quantity is priced.
      placeholderData: keepPreviousData,
    }),
};

/** A change to the server cart; its answer is the cart, which replaces the shown one. */
function useServerCartChange<T>(call: (input: T) => Promise<CartAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      client.setQueriesData({ queryKey: ['cart', 'server'] }, answer);
      return client.invalidateQueries({ queryKey: ['cart', 'server'] });
    },
  });
}

/** Adds units of a product to the server cart. */
export function useAddToServerCart() {
  return useServerCartChange(({ id, quantity }: CartLine) =>
    answer(api.POST('/api/cart/{product_id}', { params: { path: { product_id: id } }, body: { quantity } })),
  );
}

/** Adds these lines to the server cart (an order bought again): products no longer sold are
 * left out and each line is capped at what is left, as a browser cart's transfer is. */
export function useAddLinesToServerCart() {
  return useServerCartChange((items: CartLine[]) => answer(api.POST('/api/cart/transfer', { body: { items } })));
}

/** Sets a server cart line; 0 removes it. */
export function useSetServerLine() {
  return useServerCartChange(({ id, quantity }: CartLine) =>
    answer(api.PUT('/api/cart/{product_id}', { params: { path: { product_id: id } }, body: { quantity } })),
  );
}

/** Removes a server cart line. */
export function useRemoveServerLine() {
  return useServerCartChange((id: number) =>
    answer(api.DELETE('/api/cart/{product_id}', { params: { path: { product_id: id } } })),
  );
}

/** Empties the server cart. */
export function useClearServerCart() {
  return useServerCartChange(() => answer(api.DELETE('/api/cart')));
}
