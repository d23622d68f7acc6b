import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
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
        const query = new URLSearchParams({ page: String(filter.page) });
        for (const name of ['search', 'status', 'city', 'group', 'sales_engineer_id'] as const) {
          if (filter[name]) query.set(name, filter[name]);
        }
        return api<{ data: Client[]; meta: { last_page: number; total: number } }>('GET', `dashboard/users?${query}`);
      },
      placeholderData: keepPreviousData,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'clients', 'one', id],
      queryFn: () => api<{ data: ClientProfile }>('GET', `dashboard/users/${id}`),
    }),
  addresses: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'clients', 'addresses', id],
      queryFn: () => api<{ data: ClientAddress[] }>('GET', `dashboard/users/${id}/addresses`),
    }),
  orders: (id: string, page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'clients', 'orders', id, page],
      queryFn: () =>
        api<{ data: ClientOrder[]; meta: { last_page: number } }>('GET', `dashboard/users/${id}/orders?page=${page}`),
      placeholderData: keepPreviousData,
    }),
  groups: () =>
    queryOptions({
      queryKey: ['dashboard', 'groups'],
      queryFn: () => api<{ data: Group[] }>('GET', 'dashboard/groups'),
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

/** The form as the API reads it: blanks left out; the server reads Arabic-Indic digits. */
function clientBody(values: ClientFormValues) {
  const text = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    city_id: text(values.city_id),
    group_id: text(values.group_id),
    sales_engineer_id: text(values.sales_engineer_id),
    password: text(values.password),
  };
}

/** Adds a client, or changes the one with `id`. */
export function useSaveClient() {
  return useClientChange(({ id, values }: { id: string | null; values: ClientFormValues }) =>
    api<{ message: string }>(id ? 'PUT' : 'POST', id ? `dashboard/users/${id}` : 'dashboard/users', {
      body: clientBody(values),
    }),
  );
}

/** Blocks or unblocks a client. */
export function useBlockClient() {
  return useClientChange(({ id, blocked }: { id: number; blocked: boolean }) =>
    api<{ message: string }>('POST', `dashboard/users/${id}/${blocked ? 'block' : 'unblock'}`),
  );
}

/** Keeps a note on a client. */
export function useAddNote() {
  return useClientChange(({ id, note }: { id: number; note: string }) =>
    api<{ message: string }>('POST', `dashboard/users/${id}/notes`, { body: { note } }),
  );
}

/** Adds a group, or renames the one with `id`. */
export function useSaveGroup() {
  return useClientChange(({ id, name_ar, name_en }: { id: number | null; name_ar: string; name_en: string }) =>
    api<{ message: string }>(id ? 'PUT' : 'POST', id ? `dashboard/groups/${id}` : 'dashboard/groups', {
      body: { name_ar, name_en },
    }),
  );
}

/** Removes a group. */
export function useDeleteGroup() {
  return useClientChange((id: number) => api<{ message: string }>('DELETE', `dashboard/groups/${id}`));
}
