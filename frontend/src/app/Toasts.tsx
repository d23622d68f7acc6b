import { Notifications } from '@mantine/notifications';

/** Where toasts appear: below the header, a few seconds each. */
export default function Toasts() {
  return <Notifications position="top-right" autoClose={3000} containerWidth="25rem" />;
}
