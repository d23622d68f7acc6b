import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { typedWholeNumber } from '../../../shared/digits';
import type { StaffSettings, StaffPage } from '../../../shared/api/types';

export type { StaffSettings, StaffPage };

/** The settings form: numbers are kept as typed (Arabic-Indic digits too) for the server. */
export type SettingsFormValues = Record<keyof StaffSettings, string>;

/** The page form. */
export type PageFormValues = Omit<StaffPage, 'slug'>;

/** Staff's settings calls. */
export const staffSettingsQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['dashboard', 'settings'],
      queryFn: () => answer(api.GET('/api/dashboard/settings')),
    }),
  pages: () =>
    queryOptions({
      queryKey: ['dashboard', 'settings', 'pages'],
      queryFn: () => answer(api.GET('/api/dashboard/settings/pages')),
    }),
};

/** Saves the settings; the answer replaces the cached settings and the storefront's copy is
 * fetched again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsFormValues) =>
      answer(
        api.PUT('/api/dashboard/settings', {
          body: {
            ...values,
            free_weight_kg: typedWholeNumber(values.free_weight_kg),
            points_coupon_days: typedWholeNumber(values.points_coupon_days),
            phone_call_after: typedWholeNumber(values.phone_call_after),
            phone_prepay_after: typedWholeNumber(values.phone_prepay_after),
            phone_block_after: typedWholeNumber(values.phone_block_after),
            points_expiry_months: typedWholeNumber(values.points_expiry_months),
            shipping_hours: typedWholeNumber(values.shipping_hours),
          },
        }),
      ),
    onSuccess: async (answer) => {
      queryClient.setQueryData(staffSettingsQueries.settings().queryKey, { data: answer.data });
      await queryClient.invalidateQueries({ queryKey: ['content'] });
    },
  });
}

/** Saves one page's text; the staff list and the storefront's page are fetched again. */
export function useSavePage(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PageFormValues) =>
      answer(api.PUT('/api/dashboard/settings/pages/{slug}', { params: { path: { slug } }, body: values })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'settings', 'pages'] });
      await queryClient.invalidateQueries({ queryKey: ['content'] });
    },
  });
}
