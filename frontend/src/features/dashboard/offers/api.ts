import { queryOptions, useMutation } from '@tanstack/react-query';
import { answer, api, formBody } from '../../../shared/api/client';
import type { StaffOffer } from '../../../shared/api/types';

export type { StaffOffer };
import { useRefreshCatalogue } from '../refresh';

/** The fields of the offer form. */
export interface OfferFormValues {
  title_ar: string;
  title_en: string;
  percentage: string;
  category_id: string | null;
  product_ids: string[];
  starts_at: string;
  ends_at: string;
}

/** Which offers the list shows. */
export interface OfferFilter {
  search: string;
  status: '' | StaffOffer['status'];
  page: number;
}

/** Staff's offer calls. */
export const staffOfferQueries = {
  list: ({ search, status, page }: OfferFilter) =>
    queryOptions({
      queryKey: ['dashboard', 'offers', search, status, page],
      queryFn: () =>
        answer(api.GET('/api/dashboard/offers', { params: { query: { search, status, page: String(page) } } })),
      placeholderData: (previous) => previous,
    }),
};

/** Adds an offer on a category or on chosen products, with an optional banner. */
function createOffer(values: OfferFormValues, banner: File | null) {
  const body = new FormData();
  const { product_ids: productIds, ...fields } = values;
  for (const [key, value] of Object.entries(fields)) if (value) body.append(key, value);
  for (const id of productIds) body.append('product_ids[]', id);
  if (banner) body.append('banner_image', banner);
  return answer(api.POST('/api/dashboard/offers', formBody(body)));
}

/** Switches an offer on or off. */
function switchOffer(id: number, active: boolean) {
  return answer(
    api.POST(active ? '/api/dashboard/offers/{id}/activate' : '/api/dashboard/offers/{id}/deactivate', {
      params: { path: { id } },
    }),
  );
}

/** Removes an offer. */
function deleteOffer(id: number) {
  return answer(api.DELETE('/api/dashboard/offers/{id}', { params: { path: { id } } }));
}

/** Adds an offer; the lists and the storefront's prices refresh once it is saved. */
export function useCreateOffer() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ values, banner }: { values: OfferFormValues; banner: File | null }) => createOffer(values, banner),
    onSuccess: refresh,
  });
}

/** Switches an offer on or off; the lists and the storefront's prices refresh. */
export function useSwitchOffer() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => switchOffer(id, active),
    onSuccess: refresh,
  });
}

/** Removes an offer; the lists and the storefront's prices refresh. */
export function useDeleteOffer() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: deleteOffer, onSuccess: refresh });
}
