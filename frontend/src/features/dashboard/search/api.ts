import { queryOptions, useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { SearchMiss, SynonymGroup } from '../../../shared/api/types';
import { useRefreshCatalogue } from '../refresh';

export type { SearchMiss, SynonymGroup };

/** Staff's search settings calls. */
export const searchSettingsQueries = {
  synonyms: () =>
    queryOptions({
      queryKey: ['dashboard', 'search', 'synonyms'],
      queryFn: () => answer(api.GET('/api/dashboard/search/synonyms')),
    }),
  misses: (page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'search', 'misses', page],
      queryFn: () => answer(api.GET('/api/dashboard/search/misses', { params: { query: { page: String(page) } } })),
      placeholderData: (previous) => previous,
    }),
};

/** Saves a synonym group (adds one, or replaces the one with `id`); the storefront searches
 * with it at once. */
export function useSaveSynonyms() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, members }: { id: number | null; members: string[] }) =>
      answer(
        id === null
          ? api.POST('/api/dashboard/search/synonyms', { body: { members } })
          : api.PUT('/api/dashboard/search/synonyms/{id}', { params: { path: { id } }, body: { members } }),
      ),
    onSuccess: refresh,
  });
}

/** Removes a synonym group. */
export function useDeleteSynonyms() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/dashboard/search/synonyms/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** Forgets a search that found nothing. */
export function useForgetMiss() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/dashboard/search/misses/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}
