import { queryOptions, useMutation } from '@tanstack/react-query';
import { answer, api, formBody } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { useRefreshCatalogue } from '../refresh';

/** An entry of the crops, pests or active ingredients as staff see it. */
export type FarmListEntry = components['schemas']['FarmListEntry'];
/** What the list form sends. */
export type FarmListForm = components['schemas']['FarmListForm'];
/** A lot of a product. */
export type Lot = components['schemas']['LotData'];
/** What the lot form sends. */
export type LotForm = components['schemas']['LotForm'];
/** The lists staff keep for agronomy, by their address. */
export const FARM_LISTS = ['crops', 'pests', 'active-ingredients'] as const;
/** One of them. */
export type FarmListName = (typeof FARM_LISTS)[number];

/** Staff's agronomy and lot calls. */
export const farmQueries = {
  list: (list: FarmListName) =>
    queryOptions({
      queryKey: ['dashboard', 'farm', list],
      queryFn: () =>
        answer(
          list === 'crops'
            ? api.GET('/api/dashboard/crops')
            : list === 'pests'
              ? api.GET('/api/dashboard/pests')
              : api.GET('/api/dashboard/active-ingredients'),
        ),
    }),
  lots: (product: number) =>
    queryOptions({
      queryKey: ['dashboard', 'lots', product],
      queryFn: () => answer(api.GET('/api/dashboard/products/{id}/lots', { params: { path: { id: product } } })),
    }),
  /** The lots to look at, or every lot holding units (`all`). */
  watch: (all = false) =>
    queryOptions({
      queryKey: ['dashboard', 'lots', 'watch', all],
      queryFn: () => answer(api.GET('/api/dashboard/lots', { params: { query: all ? { all: '1' } : {} } })),
    }),
};

/** Adds an entry to a list, or changes the one with `id`. */
function saveEntry(list: FarmListName, id: number | null, body: FarmListForm) {
  if (id === null) {
    return answer(
      list === 'crops'
        ? api.POST('/api/dashboard/crops', { body })
        : list === 'pests'
          ? api.POST('/api/dashboard/pests', { body })
          : api.POST('/api/dashboard/active-ingredients', { body }),
    );
  }
  const params = { path: { id } };
  return answer(
    list === 'crops'
      ? api.PUT('/api/dashboard/crops/{id}', { params, body })
      : list === 'pests'
        ? api.PUT('/api/dashboard/pests/{id}', { params, body })
        : api.PUT('/api/dashboard/active-ingredients/{id}', { params, body }),
  );
}

/** Removes an entry from a list. */
function removeEntry(list: FarmListName, id: number) {
  const params = { path: { id } };
  return answer(
    list === 'crops'
      ? api.DELETE('/api/dashboard/crops/{id}', { params })
      : list === 'pests'
        ? api.DELETE('/api/dashboard/pests/{id}', { params })
        : api.DELETE('/api/dashboard/active-ingredients/{id}', { params }),
  );
}

/** Saves a list's entry; the lists and the storefront refresh once it is saved. */
export function useSaveEntry(list: FarmListName) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FarmListForm }) => saveEntry(list, id, body),
    onSuccess: refresh,
  });
}

/** Removes a list's entry. */
export function useRemoveEntry(list: FarmListName) {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: (id: number) => removeEntry(list, id), onSuccess: refresh });
}

/** Adds a lot to a product, or corrects the one with `lot`; the product's stock follows, and
 * the lists refresh. */
export function useSaveLot(product: number) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ lot, body }: { lot: number | null; body: LotForm }) =>
      answer(
        lot === null
          ? api.POST('/api/dashboard/products/{id}/lots', { params: { path: { id: product } }, body })
          : api.PUT('/api/dashboard/products/{id}/lots/{lot}', { params: { path: { id: product, lot } }, body }),
      ),
    onSuccess: refresh,
  });
}

/** Takes a lot off the shelf. */
export function useRemoveLot(product: number) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (lot: number) =>
      answer(api.DELETE('/api/dashboard/products/{id}/lots/{lot}', { params: { path: { id: product, lot } } })),
    onSuccess: refresh,
  });
}

/** One of a product's PDFs. */
export type ProductDocument = 'label' | 'sds';

/** Uploads a product's label or safety data sheet, replacing the one it had. */
export function useAttachDocument(product: number) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ document, file }: { document: ProductDocument; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return answer(
        api.PUT('/api/dashboard/products/{id}/documents/{document}', {
          params: { path: { id: product, document } },
          ...formBody(form),
        }),
      );
    },
    onSuccess: refresh,
  });
}

/** Removes a product's label or safety data sheet. */
export function useRemoveDocument(product: number) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (document: ProductDocument) =>
      answer(
        api.DELETE('/api/dashboard/products/{id}/documents/{document}', {
          params: { path: { id: product, document } },
        }),
      ),
    onSuccess: refresh,
  });
}

/** The lists whose entries have a picture. */
export type PicturedList = 'crops' | 'pests';

/** Gives a crop or a pest its picture, replacing the one it had. */
export function useSetPicture(list: PicturedList) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      const init = { params: { path: { id } }, ...formBody(form) };
      return answer(
        list === 'crops'
          ? api.PUT('/api/dashboard/crops/{id}/picture', init)
          : api.PUT('/api/dashboard/pests/{id}/picture', init),
      );
    },
    onSuccess: refresh,
  });
}

/** Takes a crop's or pest's picture away. */
export function useRemovePicture(list: PicturedList) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: number) => {
      const init = { params: { path: { id } } };
      return answer(
        list === 'crops'
          ? api.DELETE('/api/dashboard/crops/{id}/picture', init)
          : api.DELETE('/api/dashboard/pests/{id}/picture', init),
      );
    },
    onSuccess: refresh,
  });
}
