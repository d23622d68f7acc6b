/** The shop's two languages; Arabic unless English is asked for. */
export type Language = 'ar' | 'en';

const COOKIE = 'language';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Anything other than `en` is Arabic, as the spec says. */
export function parseLanguage(value: string | null | undefined): Language {
  return value === 'en' ? 'en' : 'ar';
}

/** The language kept in the `language` cookie. */
export function readLanguageCookie(cookies: string = document.cookie): Language {
  const match = cookies.match(/(?:^|;\s*)language=([^;]*)/);
  return parseLanguage(match ? decodeURIComponent(match[1] ?? '') : null);
}

/** The language a link asks for (`?lang=`, the sitemap's alternates), else the cookie's. */
export function initialLanguage(search: string, cookies: string): Language {
  const asked = new URLSearchParams(search).get('lang');
  return asked === 'ar' || asked === 'en' ? asked : readLanguageCookie(cookies);
}

// The server already wrote `lang` and `dir` on the page for the same choice.
let current: Language =
  typeof document === 'undefined' ? 'ar' : initialLanguage(window.location.search, document.cookie);

/** The language every API call is made in. */
export function currentLanguage(): Language {
  return current;
}

/** Saves the language (cookie, path /, 365 days) and mirrors the page: `lang` and `dir`. */
export function applyLanguage(language: Language): void {
  current = language;
  document.cookie = `${COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}
