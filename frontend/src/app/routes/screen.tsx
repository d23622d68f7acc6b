import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyWithMantine } from '../../shared/ui/mantine/lazyWithMantine';

/** A route whose screen is downloaded when it is first visited, so a phone on a weak network
 * downloads the storefront first; Mantine's theme and the texts of the screens drawn with it
 * (`AccountTexts`) come with it (the first download does without). `wrap` puts a guard around
 * the screen. Navigations are transitions (the router's default), so the screen the shopper
 * is on stays until the next one's code has come. */
export function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  wrap: (screen: ReactElement) => ReactElement = (element) => element,
): Pick<RouteObject, 'element'> {
  const Screen = lazyWithMantine(async () => {
    const [module, { AccountTexts }] = await Promise.all([load(), import('../../shared/i18n/AccountTexts')]);
    const Part = pick(module);
    return {
      default: function WithTexts() {
        return (
          <AccountTexts>
            <Part />
          </AccountTexts>
        );
      },
    };
  });
  return { element: wrap(<Screen />) };
}

/** A storefront screen downloaded when first visited, drawn with plain elements like the
 * catalogue: no Mantine comes with it. */
export function plainScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'element'> {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return { element: <Screen /> };
}
