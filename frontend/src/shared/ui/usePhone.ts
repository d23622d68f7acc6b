import { useMediaQuery } from '@mantine/hooks';

/** Whether the screen is phone-wide (under 48em), known from the first render so a layout
 * that differs on phones never renders both ways. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
}
