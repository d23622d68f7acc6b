import { flushSync } from 'react-dom';
import type { UseFormReturnType } from '@mantine/form';
import { focusFirstInvalid, showServerErrors } from '../../forms';

/** The submit of a `@mantine/form` form that sends it with `send`: a field the form's rules or
 * the server's 422 refuse shows its message under it, and the first one takes the focus. */
export function submitShowingErrors<Values>(
  form: UseFormReturnType<Values>,
  send: (values: Values) => Promise<unknown>,
) {
  return form.onSubmit(
    async (values, event) => {
      // Read now: an event's `currentTarget` is gone once its dispatch is over.
      const element = event?.currentTarget;
      try {
        await send(values);
      } catch (error) {
        // Drawn at once: outside the submit's own event the render would wait its turn.
        flushSync(() => showServerErrors(form, error));
        focusFirstInvalid(element);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );
}
