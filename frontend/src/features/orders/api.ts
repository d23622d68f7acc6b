import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { OrderData } from '../../shared/api/types';

/** A guest order by its number and the phone it was placed with; a wrong pair is a 404,
 * answered quietly so the screen can say so in place. */
export function trackOrder(number: string, phone: string) {
  const query = new URLSearchParams({ number: number.trim(), phone: phone.trim() });
  return api<{ data: OrderData }>('GET', `guest-orders/track?${query}`, { silent: true });
}

/** The statuses the history filters by, in the order of an order's life. */
export const ORDER_STATUSES = ['new', 'on_delivery', 'delivered', 'cancelled'] as const;

/** One page of the client's orders, newest first. */
interface OrderPage {
  data: OrderData[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** The client's orders, a page at a time, optionally of one status. */
export const orderQueries = {
  mine: (language: string, status: string, page: number) =>
    queryOptions({
      queryKey: ['orders', language, status, page],
      queryFn: () => {
        const query = new URLSearchParams({ page: String(page) });
        if (status) query.set('status', status);
        return api<OrderPage>('GET', `orders?${query}`);
      },
      placeholderData: keepPreviousData,
    }),
};

/** Cancels one of the client's orders while it is new; the lists reload. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string; data: OrderData }>('POST', `orders/${id}/cancel`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
