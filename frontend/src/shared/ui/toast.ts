import { notifications } from '@mantine/notifications';
import type { Notice } from '../api/client';

const COLORS: Record<Notice['kind'], string> = { info: 'blue', success: 'green', warn: 'yellow', error: 'red' };

/** Toast lifetime, as the spec sets it. */
export const TOAST_MS = 3000;

/** Shows a toast of a severity. It closes itself after `TOAST_MS`: no close button, which
 * Mantine draws without a name a screen reader could read. */
export function toast(kind: Notice['kind'], message: string | null | undefined): void {
  // An answer that says nothing (its `message` is optional in the API document) shows nothing.
  if (!message) return;
  notifications.show({ color: COLORS[kind], message, autoClose: TOAST_MS, withBorder: true, withCloseButton: false });
}
