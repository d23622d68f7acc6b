import { createContext, use, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { applyLanguage, currentLanguage, type Language } from './language';
import { loadedMessages, loadMessages } from './messages';

/** Arabic with Western digits (0–9), as Noon, Amazon.eg and Jumia write prices; inputs still
 * accept Arabic-Indic digits (`toLatinDigits`). */
export const INTL_LOCALES: Record<Language, string> = { ar: 'ar-EG-u-nu-latn', en: 'en-GB' };

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue>({ language: 'ar', setLanguage: () => undefined });

/** The current language and the switch. */
export function useLanguage(): LanguageContextValue {
  return useContext(LanguageContext);
}

/** Texts, number formats and the page's direction for the chosen language (Mantine's parts
 * take it from `MantineScope`). The app starts once the
 * language's texts have come (`main.tsx`; until then this waits for them); a switch waits for
 * the other language's before the page turns, so texts and direction change together. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(currentLanguage);
  const messages = loadedMessages(language) ?? use(loadMessages(language));
  const setLanguage = useCallback((next: Language) => {
    loadMessages(next).then(
      () => {
        applyLanguage(next);
        setLanguageState(next);
      },
      // Offline, the page stays in its language; the offline notice already says why.
      () => undefined,
    );
  }, []);
  useEffect(() => applyLanguage(language), [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={INTL_LOCALES[language]} messages={messages} defaultLocale={INTL_LOCALES.ar}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
