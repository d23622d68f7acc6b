import { queryOptions, useMutation } from '@tanstack/react-query';
import { answer, api, formBody } from '../../../shared/api/client';
import type { StaffCategory } from '../../../shared/api/types';

export type { StaffCategory };
import { useRefreshCatalogue } from '../refresh';

/** Staff's category calls. */
export const staffCategoryQueries = {
  list: () =>
    queryOptions({
      queryKey: ['dashboard', 'categories'],
      queryFn: () => answer(api.GET('/api/dashboard/categories')),
    }),
};

/** Adds a category, or changes the one with `id`; a picture replaces the old one. */
function saveCategory(id: number | null, values: CategoryFormValues, image: File | null) {
  const body = new FormData();
  Object.entries(values).forEach(([key, value]) => body.append(key, String(value)));
  if (image) body.append('image', image);
  return answer(
    id
      ? api.PUT('/api/dashboard/categories/{id}', { params: { path: { id } }, ...formBody(body) })
      : api.POST('/api/dashboard/categories', formBody(body)),
  );
}

/** Removes a category. */
function deleteCategory(id: number) {
  return answer(api.DELETE('/api/dashboard/categories/{id}', { params: { path: { id } } }));
}

/** What the category form holds. */
export interface CategoryFormValues {
  name_ar: string;
  name_en: string;
  sort_order: string;
  /** Whether its products can be returned once opened. */
  returnable: boolean;
}

/** Saves a category; the lists and the storefront refresh once it is saved. */
export function useSaveCategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, values, image }: { id: number | null; values: CategoryFormValues; image: File | null }) =>
      saveCategory(id, values, image),
    onSuccess: refresh,
  });
}

/** Removes a category; the lists and the storefront refresh once it is gone. */
export function useDeleteCategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: deleteCategory, onSuccess: refresh });
}
