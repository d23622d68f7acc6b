import type { ChangeEvent, ReactNode } from 'react';
import { ApiError } from './api/client';
import { toLatinDigits } from './digits';

/** What a text field takes from its form: its value, its change handler and its one error. */
export interface FieldProps {
  value?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  error?: ReactNode;
}

/** A form that hands out its fields' props by name: `@mantine/form`'s on the account and
 * dashboard screens, `useFormFields`' on the storefront's. */
export interface FieldSource<Name extends string> {
  getInputProps(name: Name): FieldProps;
}

/** Puts the first server message of each field under that field. */
export function showServerErrors(form: { setErrors(errors: Record<string, string>): void }, error: unknown): void {
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

/** After a failed submit, the first field marked invalid (in the form's order) takes the focus
 * and is scrolled to the middle of the screen, its label and message with it. Waits a frame:
 * the marks are drawn by the render the errors cause. A buyer who moved the focus meanwhile
 * (into the field they are already mending) keeps it: taken from under their typing, the rest
 * of a word would land in the next field still marked. */
export function focusFirstInvalid(form: EventTarget | null | undefined): void {
  const focused = document.activeElement;
  requestAnimationFrame(() => {
    if (document.activeElement !== focused) return;
    const field = form instanceof HTMLFormElement ? form.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center' });
  });
}
