import type { ComponentType, ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';

/** A route whose screen is downloaded when it is first visited, so a phone on a weak network
 * downloads the storefront first; `wrap` puts a guard around the screen. */
export function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  wrap: (screen: ReactElement) => ReactElement = (element) => element,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Screen = pick(await load());
      return { element: wrap(<Screen />) };
    },
  };
}
