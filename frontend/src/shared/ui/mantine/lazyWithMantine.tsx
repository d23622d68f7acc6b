import { lazy, type ComponentType } from 'react';

/** A component downloaded when it is first drawn, with Mantine's theme and direction around it
 * (`MantineScope`, downloaded beside it): the storefront's first download holds no Mantine. */
export function lazyWithMantine<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    // Mantine's first: its stylesheet is then added to the page before the part's own, which
    // may adjust its components.
    const scope = import('./MantineScope');
    const [{ MantineScope }, { default: Part }] = await Promise.all([scope, load()]);
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
