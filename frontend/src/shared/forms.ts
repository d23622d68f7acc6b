import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from './api/client';
import { toLatinDigits } from './digits';

/** Puts the first server message of each field under that field. */
export function showServerErrors<T>(form: UseFormReturnType<T>, error: unknown): void {
  if (error instanceof ApiError && error.status === 422) form.setErrors(error.firstMessages());
}

/** A required-field rule with a catalogue message. */
export function required(message: string) {
  return (value: string) => (value.trim() ? null : message);
}

/** Keeps six Latin digits of whatever was typed (Arabic-Indic digits included). */
export function otpDigits(value: string): string {
  return toLatinDigits(value).replace(/\D/g, '').slice(0, 6);
}
