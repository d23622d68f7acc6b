import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { SearchMiss, SynonymGroup } from '../../../shared/api/types';
import { useRefreshCatalogue } from '../refresh';

export type { SearchMiss, SynonymGroup };

/** Staff's search settings calls. */
export const searchSettingsQueries = {
  synonyms: () =>
    queryOptions({
      queryKey: ['dashboard', 'search', 'synonyms'],
      queryFn: () => api<{ data: SynonymGroup[] }>('GET', 'dashboard/search/synonyms'),
    }),
  misses: (page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'search', 'misses', page],
      queryFn: () =>
        api<{ data: SearchMiss[]; meta: { last_page: number; total: number } }>(
          'GET',
          `dashboard/search/misses?page=${page}`,
        ),
      placeholderData: (previous) => previous,
    }),
};

/** Saves a synonym group (adds one, or replaces the one with `id`); the storefront searches
 * with it at once. */
export function useSaveSynonyms() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, members }: { id: number | null; members: string[] }) =>
      api<{ message: string; data: SynonymGroup }>(
        id === null ? 'POST' : 'PUT',
        id === null ? 'dashboard/search/synonyms' : `dashboard/search/synonyms/${id}`,
        { body: { members } },
      ),
    onSuccess: refresh,
  });
}

/** Removes a synonym group. */
export function useDeleteSynonyms() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('DELETE', `dashboard/search/synonyms/${id}`),
    onSuccess: refresh,
  });
}

/** Forgets a search that found nothing. */
export function useForgetMiss() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('DELETE', `dashboard/search/misses/${id}`),
    onSuccess: refresh,
  });
}
