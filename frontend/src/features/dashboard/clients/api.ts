import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** A client as staff list them. */
export type Client = components['schemas']['ClientData'];
/** A client's page. */
export type ClientProfile = components['schemas']['ClientProfileData'];
/** A client group. */
export type Group = components['schemas']['GroupData'];
/** A client's order. */
export type ClientOrder = components['schemas']['OrderData'];
/** A client's saved address. */
export type ClientAddress = components['schemas']['AddressData'];

/** Which clients the list shows. */
export interface ClientFilter {
  search: string;
  status: string;
  city: string;
  group: string;
  sales_engineer_id: string;
  page: number;
}

/** What the client form holds. */
export interface ClientFormValues {
  name: string;
  phone: string;
  email: string;
  city_id: string;
  group_id: string;
  sales_engineer_id: string;
  password: string;
}

/** Staff's client calls. */
export const clientQueries = {
  list: (filter: ClientFilter) =>
    queryOptions({
      queryKey: ['dashboard', 'clients', filter],
      queryFn: () => {
        const query: Record<string, string> = { page: String(filter.page) };
        for (const name of ['search', 'status', 'city', 'group', 'sales_engineer_id'] as const) {
          if (filter[name]) query[name] = filter[name];
        }
        return answer(api.GET('/api/dashboard/users', { params: { query } }));
      },
      placeholderData: keepPreviousData,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'clients', 'one', id],
      queryFn: () => answer(api.GET('/api/dashboard/users/{id}', { params: { path: { id: Number(id) } } })),
    }),
  addresses: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'clients', 'addresses', id],
      queryFn: () => answer(api.GET('/api/dashboard/users/{id}/addresses', { params: { path: { id: Number(id) } } })),
    }),
  orders: (id: string, page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'clients', 'orders', id, page],
      queryFn: () =>
        answer(
          api.GET('/api/dashboard/users/{id}/orders', {
            params: { path: { id: Number(id) }, query: { page: String(page) } },
          }),
        ),
      placeholderData: keepPreviousData,
    }),
  groups: () =>
    queryOptions({
      queryKey: ['dashboard', 'groups'],
      queryFn: () => answer(api.GET('/api/dashboard/groups')),
      staleTime: 60_000,
    }),
};

/** A change to the clients or groups; their lists reload after it. */
function useClientChange<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['dashboard', 'clients'] }),
        client.invalidateQueries({ queryKey: ['dashboard', 'groups'] }),
      ]),
  });
}

/** The form as the API reads it: blanks left out; the pickers' ids as numbers. */
function clientBody(values: ClientFormValues) {
  const text = (value: string) => value.trim() || null;
  const id = (value: string) => (value.trim() ? Number(value) : null);
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    city_id: id(values.city_id),
    group_id: id(values.group_id),
    sales_engineer_id: id(values.sales_engineer_id),
    password: text(values.password),
  };
}

/** Adds a client, or changes the one with `id`. */
export function useSaveClient() {
  return useClientChange(({ id, values }: { id: string | null; values: ClientFormValues }) =>
    answer(
      id
        ? api.PUT('/api/dashboard/users/{id}', { params: { path: { id: Number(id) } }, body: clientBody(values) })
        : api.POST('/api/dashboard/users', { body: clientBody(values) }),
    ),
  );
}

/** Blocks or unblocks a client. */
export function useBlockClient() {
  return useClientChange(({ id, blocked }: { id: number; blocked: boolean }) =>
    answer(
      api.POST(blocked ? '/api/dashboard/users/{id}/block' : '/api/dashboard/users/{id}/unblock', {
        params: { path: { id } },
      }),
    ),
  );
}

/** Keeps a note on a client. */
export function useAddNote() {
  return useClientChange(({ id, note }: { id: number; note: string }) =>
    answer(api.POST('/api/dashboard/users/{id}/notes', { params: { path: { id } }, body: { note } })),
  );
}

/** Adds a group, or renames the one with `id`. */
export function useSaveGroup() {
  return useClientChange(({ id, name_ar, name_en }: { id: number | null; name_ar: string; name_en: string }) =>
    answer(
      id
        ? api.PUT('/api/dashboard/groups/{id}', { params: { path: { id } }, body: { name_ar, name_en } })
        : api.POST('/api/dashboard/groups', { body: { name_ar, name_en } }),
    ),
  );
}

/** Removes a group. */
export function useDeleteGroup() {
  return useClientChange((id: number) =>
    answer(api.DELETE('/api/dashboard/groups/{id}', { params: { path: { id } } })),
  );
}
