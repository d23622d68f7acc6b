import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { typedWholeNumber } from '../../../shared/digits';
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
        answer(api.GET('/api/dashboard/copouns', { params: { query: { search, status, page: String(page) } } })),
      placeholderData: (previous) => previous,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'copouns', 'one', id],
      queryFn: () => answer(api.GET('/api/dashboard/copouns/{id}', { params: { path: { id: Number(id) } } })),
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
    usage_limit: typedWholeNumber(values.usage_limit),
    per_user_limit: typedWholeNumber(values.per_user_limit),
    active: values.active,
  };
}

/** A change to the codes; the list reloads after it. */
function useCopounChange<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'copouns'] }),
  });
}

/** Adds a code, or changes the one with `id`. */
export function useSaveCopoun() {
  return useCopounChange(({ id, values }: { id: string | null; values: CopounFormValues }) =>
    answer(
      id
        ? api.PUT('/api/dashboard/copouns/{id}', { params: { path: { id: Number(id) } }, body: copounBody(values) })
        : api.POST('/api/dashboard/copouns', { body: copounBody(values) }),
    ),
  );
}

/** Switches a code on or off. */
export function useSwitchCopoun() {
  return useCopounChange(({ id, active }: { id: number; active: boolean }) =>
    answer(
      api.POST(active ? '/api/dashboard/copouns/{id}/activate' : '/api/dashboard/copouns/{id}/deactivate', {
        params: { path: { id } },
      }),
    ),
  );
}

/** Removes a code. */
export function useDeleteCopoun() {
  return useCopounChange((id: number) =>
    answer(api.DELETE('/api/dashboard/copouns/{id}', { params: { path: { id } } })),
  );
}
