import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** A shipping city as staff see it. */
export type StaffCity = components['schemas']['StaffCityData'];

/** What the city form holds. */
export interface CityFormValues {
  name_ar: string;
  name_en: string;
  shipping_cost: string;
  cod_accepted: boolean;
  cod_fee_kind: string;
  cod_fee: string;
  active: boolean;
}

/** Staff's shipping city calls. */
export const staffCityQueries = {
  list: (search: string, page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'shipping-cities', search, page],
      queryFn: () =>
        answer(api.GET('/api/dashboard/shipping-cities', { params: { query: { search, page: String(page) } } })),
      placeholderData: (previous) => previous,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'shipping-cities', 'one', id],
      queryFn: () => answer(api.GET('/api/dashboard/shipping-cities/{id}', { params: { path: { id: Number(id) } } })),
    }),
};

/** After a change, staff's lists and every city picker of the shop reload. */
function useRefreshCities() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['dashboard', 'shipping-cities'] }),
      client.invalidateQueries({ queryKey: ['shipping-cities'] }),
    ]);
}

/** Adds a city, or changes the one with `id`. */
export function useSaveCity() {
  const refresh = useRefreshCities();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: CityFormValues }) =>
      answer(
        id
          ? api.PUT('/api/dashboard/shipping-cities/{id}', { params: { path: { id: Number(id) } }, body: values })
          : api.POST('/api/dashboard/shipping-cities', { body: values }),
      ),
    onSuccess: refresh,
  });
}

/** Removes a city, or switches it off when addresses or orders still name it (the answer says which). */
export function useDeleteCity() {
  const refresh = useRefreshCities();
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/dashboard/shipping-cities/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}
