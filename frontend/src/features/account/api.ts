import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../shared/api/client';

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
    answer(
      api.PUT('/api/auth/profile', {
        body: {
          ...form,
          email: form.email.trim() || null,
          gender: form.gender || null,
          country: form.country.trim() || null,
          city_id: form.city_id ? Number(form.city_id) : null,
        },
      }),
    ),
  /** A new phone or e-mail waiting for its code: the client's own change, or one staff made. */
  pendingContact: () => answer(api.GET('/api/auth/me'), { silent: true }).then((me) => me.pending ?? null),
  confirmContact: (code: string) => answer(api.POST('/api/auth/profile/confirm-contact', { body: { code } })),
  changePassword: (body: { current_password: string; password: string; password_confirmation: string }) =>
    answer(api.PUT('/api/auth/password', { body })),
};

/** What the address form holds: where, what the buyer calls it, who takes the parcel there
 * when not the buyer, and the landmark the courier looks for. */
export interface AddressFormValues {
  address: string;
  city_id: string;
  label: 'home' | 'farm' | 'shop';
  recipient_name: string;
  recipient_phone: string;
  landmark: string;
}

/** Saves a new address, or changes the one with `id`; the list reloads once it is saved. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: AddressFormValues }) => {
      const body = { ...values, city_id: values.city_id ? Number(values.city_id) : null };
      return answer(
        id ? api.PUT('/api/addresses/{id}', { params: { path: { id } }, body }) : api.POST('/api/addresses', { body }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}

/** Removes an address; the list reloads once it is gone. */
export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(api.DELETE('/api/addresses/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}
