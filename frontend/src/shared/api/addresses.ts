import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { Address } from './types';

/** The client's saved addresses, in the page's language (city names). */
export const addressQueries = {
  list: (language: string) =>
    queryOptions({
      queryKey: ['account', 'addresses', language],
      queryFn: () => api<{ data: Address[] }>('GET', 'addresses'),
    }),
};

/** What the address form holds. */
export interface AddressFormValues {
  address: string;
  city_id: string;
}

/** Saves a new address, or changes the one with `id`; the list reloads once it is saved. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: AddressFormValues }) =>
      api<{ message: string; data: Address }>(id ? 'PUT' : 'POST', id ? `addresses/${id}` : 'addresses', {
        body: { address: values.address, city_id: values.city_id ? Number(values.city_id) : null },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}

/** Removes an address; the list reloads once it is gone. */
export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('DELETE', `addresses/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}
