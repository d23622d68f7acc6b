import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../shared/api/client';
import type { Address, PendingContact, UserData } from '../../shared/api/types';

/** The profile fields a client edits; the current password is needed to change the phone or e-mail. */
export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  country: string;
  gender: string;
  /** The shipping city's id as text, '' for none. */
  city_id: string;
  current_password: string;
}

/** The client's own account calls. */
export const accountApi = {
  updateProfile: (form: ProfileForm) =>
    api<Envelope<UserData> & { message: string; pending: PendingContact | null }>('PUT', 'auth/profile', {
      body: {
        ...form,
        email: form.email.trim() || null,
        gender: form.gender || null,
        country: form.country.trim() || null,
        city_id: form.city_id ? Number(form.city_id) : null,
      },
    }),
  confirmContact: (code: string) =>
    api<Envelope<UserData> & { message: string }>('POST', 'auth/profile/confirm-contact', { body: { code } }),
  changePassword: (body: { current_password: string; password: string; password_confirmation: string }) =>
    api<{ message: string }>('PUT', 'auth/password', { body }),
};

/** The client's saved addresses, in the page's language (city names). */
export const addressQueries = {
  list: (language: string) =>
    queryOptions({
      queryKey: ['account', 'addresses', language],
      queryFn: () => api<{ data: Address[] }>('GET', 'addresses'),
    }),
};

/** What the address form holds. */
export interface AddressFormValues {
  address: string;
  city_id: string;
}

/** Saves a new address, or changes the one with `id`; the list reloads once it is saved. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: AddressFormValues }) =>
      api<{ message: string; data: Address }>(id ? 'PUT' : 'POST', id ? `addresses/${id}` : 'addresses', {
        body: { address: values.address, city_id: values.city_id ? Number(values.city_id) : null },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}

/** Removes an address; the list reloads once it is gone. */
export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('DELETE', `addresses/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}
