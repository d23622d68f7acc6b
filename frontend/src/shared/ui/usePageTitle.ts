import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Names the browser tab after the screen, in the current language: "Title | Mahsoul", or the
 * shop's name alone while the title is not known yet. */
export function usePageTitle(title: string | undefined): void {
  const intl = useIntl();
  const shop = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = title ? `${title} | ${shop}` : shop;
  }, [title, shop]);
}
