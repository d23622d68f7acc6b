import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Language } from './language';
import { useLanguage } from './LanguageProvider';

/** A provider that adds a part's own texts to the shop's: they come with that part's code, so
 * a phone showing the storefront never downloads them. Inside a provider that already added
 * them it adds nothing. */
export function addedTexts(catalogues: Record<Language, Record<string, string>>) {
  const first = Object.keys(catalogues.en)[0] ?? '';
  return function AddedTexts({ children }: { children: ReactNode }) {
    const outer = useIntl();
    const { language } = useLanguage();
    const present = first in outer.messages;
    // Both catalogues are texts in the unit tests and message trees in a build, never a mix.
    const messages = useMemo(
      () => (present ? outer.messages : { ...outer.messages, ...catalogues[language] }) as Record<string, string>,
      [present, outer.messages, language],
    );
    if (present) return children;
    return (
      <IntlProvider locale={outer.locale} defaultLocale={outer.defaultLocale} messages={messages}>
        {children}
      </IntlProvider>
    );
  };
}
