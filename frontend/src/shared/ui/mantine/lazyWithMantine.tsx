import { lazy, type ComponentType } from 'react';

/** A component downloaded when it is first drawn, with Mantine's theme and direction around it
 * (`MantineScope`, downloaded beside it): the storefront's first download holds no Mantine. */
export function lazyWithMantine<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ default: Part }, { MantineScope }] = await Promise.all([load(), import('./MantineScope')]);
    return {
      default: function WithMantine(props: P) {
        return (
          <MantineScope>
            <Part {...props} />
          </MantineScope>
        );
      },
    };
  });
}
