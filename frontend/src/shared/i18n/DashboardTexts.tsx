import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import ar from './dashboard/ar.json';
import en from './dashboard/en.json';
import { useLanguage } from './LanguageProvider';

const catalogues = { ar, en };

/** The dashboard's texts added to the shop's: they come with the dashboard's code, so a
 * shopper's phone never downloads them. */
export function DashboardTexts({ children }: { children: ReactNode }) {
  const shop = useIntl();
  const { language } = useLanguage();
  const messages = useMemo(() => ({ ...shop.messages, ...catalogues[language] }), [shop.messages, language]);
  return (
    <IntlProvider locale={shop.locale} defaultLocale={shop.defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}
