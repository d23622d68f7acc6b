import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
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
      queryFn: () => api<{ data: StaffSettings }>('GET', 'dashboard/settings'),
    }),
  pages: () =>
    queryOptions({
      queryKey: ['dashboard', 'settings', 'pages'],
      queryFn: () => api<{ data: StaffPage[] }>('GET', 'dashboard/settings/pages'),
    }),
};

/** Saves the settings; the answer replaces the cached settings and the storefront's copy is
 * fetched again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsFormValues) =>
      api<{ message: string; data: StaffSettings }>('PUT', 'dashboard/settings', { body: values }),
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
      api<{ message: string; data: StaffPage }>('PUT', `dashboard/settings/pages/${slug}`, { body: values }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'settings', 'pages'] });
      await queryClient.invalidateQueries({ queryKey: ['content'] });
    },
  });
}
