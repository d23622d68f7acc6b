import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** What the shop has seen of a phone and the band that holds for it. */
export type PhoneHistory = components['schemas']['PhoneHistoryData'];

/** The bands, most trusted first. */
export const BANDS = ['trusted', 'normal', 'confirm_by_call', 'prepay_shipping', 'blocked'] as const;

/** Sets a phone's band over the owner's rules (`band` null gives it back to them); the order
 * and client pages showing it reload. */
export function useSetBand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ phone, band, note }: { phone: string; band: string | null; note: string }) =>
      answer(
        api.PUT('/api/dashboard/phones/{phone}/band', {
          params: { path: { phone } },
          body: { band, note: note.trim() },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
