import { useQueryClient } from '@tanstack/react-query';

/** After a catalogue change: the staff lists and the storefront's catalogue are fetched again. */
export function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    await queryClient.invalidateQueries({ queryKey: ['catalog'] });
  };
}
