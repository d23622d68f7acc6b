import { queryOptions, useMutation } from '@tanstack/react-query';
import { answer, api, formBody } from '../../../shared/api/client';
import type { StaffProduct } from '../../../shared/api/types';

export type { StaffProduct };
import { useRefreshCatalogue } from '../refresh';

/** The fields of the product form. */
export interface ProductFormValues {
  name_ar: string;
  name_en: string;
  description_ar: string;
  description_en: string;
  price: string;
  discount: string;
  quantity: string;
  weight: string;
  weight_unit: string;
  expires_at: string;
  category_id: string | null;
  featured: boolean;
  is_package: boolean;
  pieces_per_package: string;
}

/** Staff's product calls. */
export const staffProductQueries = {
  list: (language: string, search: string, page: number, category: string | null = null) =>
    queryOptions({
      queryKey: ['dashboard', language, 'products', search, page, category],
      queryFn: () =>
        answer(
          api.GET('/api/dashboard/products', {
            params: { query: { search, page: String(page), category: category ?? '' } },
          }),
        ),
      placeholderData: (previous) => previous,
    }),
  one: (language: string, id: string) =>
    queryOptions({
      queryKey: ['dashboard', language, 'product', id],
      queryFn: () => answer(api.GET('/api/dashboard/products/{id}', { params: { path: { id: Number(id) } } })),
    }),
};

/** Sends the form (and its pictures) as multipart, to add or to change a product. */
function saveProduct(id: string | null, values: ProductFormValues, images: File[]) {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === '') continue;
    body.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : value);
  }
  images.forEach((image) => body.append('images[]', image));
  return answer(
    id
      ? api.PUT('/api/dashboard/products/{id}', { params: { path: { id: Number(id) } }, ...formBody(body) })
      : api.POST('/api/dashboard/products', formBody(body)),
  );
}

/** Removes a product. */
function deleteProduct(id: number) {
  return answer(api.DELETE('/api/dashboard/products/{id}', { params: { path: { id } } }));
}

/** Saves a product (adds one, or changes the one with `id`); the lists and the storefront
 * refresh once it is saved. */
export function useSaveProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, values, images }: { id: string | null; values: ProductFormValues; images: File[] }) =>
      saveProduct(id, values, images),
    onSuccess: refresh,
  });
}

/** Removes a product; the lists and the storefront refresh once it is gone. */
export function useDeleteProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: deleteProduct, onSuccess: refresh });
}
