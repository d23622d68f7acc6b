import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** A staff account as staff see it. */
export type StaffMember = components['schemas']['StaffData'];
/** An access role. */
export type Role = components['schemas']['RoleData'];
/** Admins or sales engineers: the API's path for them. */
export type StaffKind = 'admins' | 'sales';

/** What the staff form holds; an empty password keeps the current one. */
export interface StaffFormValues {
  name: string;
  phone: string;
  email: string;
  password: string;
  role_id: string;
}

/** Staff accounts and roles. */
export const staffQueries = {
  list: (kind: StaffKind, search: string, page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'staff', kind, search, page],
      queryFn: () =>
        api<{ data: StaffMember[]; meta: { last_page: number; total: number } }>(
          'GET',
          `dashboard/${kind}?${new URLSearchParams({ search, page: String(page) })}`,
        ),
      placeholderData: keepPreviousData,
    }),
  /** Every sales engineer, for pickers (a shop has a handful). */
  engineers: () =>
    queryOptions({
      queryKey: ['dashboard', 'staff', 'sales', 'all'],
      queryFn: () => api<{ data: StaffMember[] }>('GET', 'dashboard/sales?per_page=100'),
      staleTime: 60_000,
    }),
  one: (kind: StaffKind, id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'staff', kind, 'one', id],
      queryFn: () => api<{ data: StaffMember }>('GET', `dashboard/${kind}/${id}`),
    }),
  roles: () =>
    queryOptions({
      queryKey: ['dashboard', 'roles'],
      queryFn: () => api<{ data: Role[] }>('GET', 'dashboard/roles'),
    }),
  role: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'roles', id],
      queryFn: () => api<{ data: Role }>('GET', `dashboard/roles/${id}`),
    }),
  permissions: () =>
    queryOptions({
      queryKey: ['dashboard', 'permissions'],
      queryFn: () => api<{ data: string[] }>('GET', 'dashboard/permissions'),
      staleTime: Infinity,
    }),
};

/** A change to staff or roles; their lists reload after it. */
function useStaffChange<T>(call: (input: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['dashboard', 'staff'] }),
        client.invalidateQueries({ queryKey: ['dashboard', 'roles'] }),
      ]),
  });
}

/** Adds an account, or changes the one with `id`. */
export function useSaveStaff(kind: StaffKind) {
  return useStaffChange(({ id, values }: { id: string | null; values: StaffFormValues }) =>
    api<{ message: string }>(id ? 'PUT' : 'POST', id ? `dashboard/${kind}/${id}` : `dashboard/${kind}`, {
      body: {
        name: values.name.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        password: values.password || null,
        role_id: values.role_id || null,
      },
    }),
  );
}

/** Removes an account. */
export function useDeleteStaff(kind: StaffKind) {
  return useStaffChange((id: number) => api<{ message: string }>('DELETE', `dashboard/${kind}/${id}`));
}

/** Adds a role, or changes the one with `id`. */
export function useSaveRole() {
  return useStaffChange(({ id, name, permissions }: { id: string | null; name: string; permissions: string[] }) =>
    api<{ message: string }>(id ? 'PUT' : 'POST', id ? `dashboard/roles/${id}` : 'dashboard/roles', {
      body: { name: name.trim(), permissions },
    }),
  );
}

/** Removes a role nobody holds. */
export function useDeleteRole() {
  return useStaffChange((id: number) => api<{ message: string }>('DELETE', `dashboard/roles/${id}`));
}
