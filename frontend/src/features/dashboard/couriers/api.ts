import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { toLatinDigits } from '../../../shared/digits';

/** The cash one courier holds for the shop. */
export type CourierCash = components['schemas']['CourierCashData'];

/** The cash each courier holds; it changes as parcels are delivered, so it is read afresh. */
export const courierCashQuery = queryOptions({
  queryKey: ['dashboard', 'courier-cash'],
  queryFn: () => answer(api.GET('/api/dashboard/courier-cash')),
});

/** A courier's payment, settling the delivered parcels it names. */
export interface RemittanceCall {
  courier: string;
  courierName: string;
  amount: string;
  orderIds: number[];
  note: string;
}

/** Records a courier's payment; the cash list reloads with what is left. */
export function useRecordRemittance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ courier, courierName, amount, orderIds, note }: RemittanceCall) =>
      answer(
        api.POST('/api/dashboard/courier-cash/remittances', {
          body: {
            courier,
            courier_name: courierName,
            amount: Number(toLatinDigits(amount.trim()) || NaN),
            order_ids: orderIds,
            note,
          },
        }),
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'courier-cash'] }),
  });
}
