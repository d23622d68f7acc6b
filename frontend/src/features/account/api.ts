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
