import { api, type Envelope } from '../../shared/api/client';
import type { UserData } from '../../shared/session/session';

/** The profile fields a client edits. */
export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  country: string;
  gender: string;
}

/** The client's own account calls. */
export const accountApi = {
  updateProfile: (form: ProfileForm) =>
    api<Envelope<UserData> & { message: string }>('PUT', 'auth/profile', {
      body: { ...form, email: form.email.trim() || null, gender: form.gender || null, country: form.country.trim() || null },
    }),
  changePassword: (body: { current_password: string; password: string; password_confirmation: string }) =>
    api<{ message: string }>('PUT', 'auth/password', { body }),
};
