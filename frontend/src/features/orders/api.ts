import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../shared/api/client';

/** A guest order by its number and the phone it was placed with; a wrong pair is a 404,
 * answered quietly so the screen can say so in place. */
export function trackOrder(number: string, phone: string) {
  return answer(
    api.GET('/api/guest-orders/track', { params: { query: { number: number.trim(), phone: phone.trim() } } }),
    {
      silent: true,
    },
  );
}

/** The statuses the history filters by, in the order of an order's life. */
export const ORDER_STATUSES = ['new', 'on_delivery', 'delivered', 'cancelled'] as const;

/** The client's orders, a page at a time, optionally of one status. */
export const orderQueries = {
  mine: (language: string, status: string, page: number) =>
    queryOptions({
      queryKey: ['orders', language, status, page],
      queryFn: () => {
        const query = { page: String(page), ...(status ? { status } : {}) };
        return answer(api.GET('/api/orders', { params: { query } }));
      },
      placeholderData: keepPreviousData,
    }),
  /** One of the client's orders, as a notification links to it. */
  one: (language: string, id: number) =>
    queryOptions({
      queryKey: ['orders', language, 'one', id],
      queryFn: () => answer(api.GET('/api/orders/{id}', { params: { path: { id } } })),
    }),
};

/** Cancels one of the client's orders while it is new; the lists reload. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(api.POST('/api/orders/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** Confirms one of the client's orders while it awaits them (the SMS's link, from the
 * history); the lists reload. */
export function useConfirmOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(api.POST('/api/orders/{id}/confirm', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** Asks to return units of one of the client's delivered orders, with why; the lists reload. */
export function useAskReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      items,
      reason,
    }: {
      id: number;
      items: Array<{ id: number; quantity: number }>;
      reason: string;
    }) => answer(api.POST('/api/orders/{id}/returns', { params: { path: { id } }, body: { items, reason } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** A client's invoice of their order, as a PDF. */
export const clientInvoice = (id: number) => () =>
  api.GET('/api/orders/{id}/invoice', { params: { path: { id } }, parseAs: 'blob' });

/** A guest's invoice, asked for with the order's number and phone. */
export const guestInvoice = (number: string, phone: string) => () =>
  api.GET('/api/guest-orders/{number}/invoice', {
    params: { path: { number }, query: { phone: phone.trim() } },
    parseAs: 'blob',
  });
