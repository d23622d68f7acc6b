import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** A promo code as staff see it. */
export type StaffCopoun = components['schemas']['StaffCopounData'];

/** What the promo code form holds; empty text leaves a limit out. */
export interface CopounFormValues {
  code: string;
  type: 'percent' | 'fixed';
  value: string;
  min_subtotal: string;
  max_discount: string;
  starts_at: string;
  expires_at: string;
  usage_limit: string;
  per_user_limit: string;
  active: boolean;
}

/** Which codes the list shows. */
export interface CopounFilter {
  search: string;
  status: string;
  page: number;
}

/** Staff's promo code calls. */
export const staffCopounQueries = {
  list: ({ search, status, page }: CopounFilter) =>
    queryOptions({
      queryKey: ['dashboard', 'copouns', search, status, page],
      queryFn: () =>
        api<{ data: StaffCopoun[]; meta: { last_page: number; total: number } }>(
          'GET',
          `dashboard/copouns?${new URLSearchParams({ search, status, page: String(page) })}`,
        ),
      placeholderData: (previous) => previous,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'copouns', 'one', id],
      queryFn: () => api<{ data: StaffCopoun }>('GET', `dashboard/copouns/${id}`),
    }),
};

/** The form as the API reads it, blanks left out; the server reads Arabic-Indic digits. */
function copounBody(values: CopounFormValues) {
  const text = (value: string) => value.trim() || null;
  return {
    code: values.code.trim(),
    type: values.type,
    value: values.value.trim(),
    min_subtotal: text(values.min_subtotal),
    max_discount: text(values.max_discount),
    starts_at: text(values.starts_at),
    expires_at: text(values.expires_at),
    usage_limit: text(values.usage_limit),
    per_user_limit: text(values.per_user_limit),
    active: values.active,
  };
}

/** A change to the codes; the list reloads after it. */
function useCopounChange<T>(call: (input: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'copouns'] }),
  });
}

/** Adds a code, or changes the one with `id`. */
export function useSaveCopoun() {
  return useCopounChange(({ id, values }: { id: string | null; values: CopounFormValues }) =>
    api<{ message: string }>(id ? 'PUT' : 'POST', id ? `dashboard/copouns/${id}` : 'dashboard/copouns', {
      body: copounBody(values),
    }),
  );
}

/** Switches a code on or off. */
export function useSwitchCopoun() {
  return useCopounChange(({ id, active }: { id: number; active: boolean }) =>
    api<{ message: string }>('POST', `dashboard/copouns/${id}/${active ? 'activate' : 'deactivate'}`),
  );
}

/** Removes a code. */
export function useDeleteCopoun() {
  return useCopounChange((id: number) => api<{ message: string }>('DELETE', `dashboard/copouns/${id}`));
}
