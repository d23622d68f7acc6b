import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from './client';

/** The client's saved addresses, in the page's language (city names). */
export const addressQueries = {
  list: (language: string) =>
    queryOptions({
      queryKey: ['account', 'addresses', language],
      queryFn: () => answer(api.GET('/api/addresses')),
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
    mutationFn: ({ id, values }: { id: number | null; values: AddressFormValues }) => {
      const body = { address: values.address, city_id: values.city_id ? Number(values.city_id) : null };
      return answer(
        id ? api.PUT('/api/addresses/{id}', { params: { path: { id } }, body }) : api.POST('/api/addresses', { body }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}

/** Removes an address; the list reloads once it is gone. */
export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/addresses/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}
