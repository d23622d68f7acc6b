import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
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
      queryFn: () => answer(api.GET(`/api/dashboard/${kind}`, { params: { query: { search, page: String(page) } } })),
      placeholderData: keepPreviousData,
    }),
  /** Every sales engineer, for pickers (a shop has a handful). */
  engineers: () =>
    queryOptions({
      queryKey: ['dashboard', 'staff', 'sales', 'all'],
      queryFn: () => answer(api.GET('/api/dashboard/sales', { params: { query: { per_page: '100' } } })),
      staleTime: 60_000,
    }),
  one: (kind: StaffKind, id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'staff', kind, 'one', id],
      queryFn: () => answer(api.GET(`/api/dashboard/${kind}/{id}`, { params: { path: { id: Number(id) } } })),
    }),
  roles: () =>
    queryOptions({
      queryKey: ['dashboard', 'roles'],
      queryFn: () => answer(api.GET('/api/dashboard/roles')),
    }),
  role: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'roles', id],
      queryFn: () => answer(api.GET('/api/dashboard/roles/{id}', { params: { path: { id: Number(id) } } })),
    }),
  permissions: () =>
    queryOptions({
      queryKey: ['dashboard', 'permissions'],
      queryFn: () => answer(api.GET('/api/dashboard/permissions')),
      staleTime: Infinity,
    }),
};

/** A change to staff or roles; their lists reload after it. */
function useStaffChange<T, R>(call: (input: T) => Promise<R>) {
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
  return useStaffChange(({ id, values }: { id: string | null; values: StaffFormValues }) => {
    const body = {
      name: values.name.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      password: values.password || null,
      role_id: values.role_id ? Number(values.role_id) : null,
    };
    return answer(
      id
        ? api.PUT(`/api/dashboard/${kind}/{id}`, { params: { path: { id: Number(id) } }, body })
        : api.POST(`/api/dashboard/${kind}`, { body }),
    );
  });
}

/** Removes an account. */
export function useDeleteStaff(kind: StaffKind) {
  return useStaffChange((id: number) =>
    answer(api.DELETE(`/api/dashboard/${kind}/{id}`, { params: { path: { id } } })),
  );
}

/** Adds a role, or changes the one with `id`. */
export function useSaveRole() {
  return useStaffChange(({ id, name, permissions }: { id: string | null; name: string; permissions: string[] }) =>
    answer(
      id
        ? api.PUT('/api/dashboard/roles/{id}', {
            params: { path: { id: Number(id) } },
            body: { name: name.trim(), permissions },
          })
        : api.POST('/api/dashboard/roles', { body: { name: name.trim(), permissions } }),
    ),
  );
}

/** Removes a role nobody holds. */
export function useDeleteRole() {
  return useStaffChange((id: number) => answer(api.DELETE('/api/dashboard/roles/{id}', { params: { path: { id } } })));
}
