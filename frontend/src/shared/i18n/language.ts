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

/** The language a link asks for (`?lang=`, the sitemap's alternates), else the cookie's, else
 * the one the server wrote on the page (`<html lang>`: Arabic on a first visit, whatever the
 * browser asks). The same order as the server's, so the app starts in the language the server
 * painted the page in, and takes over its data. */
export function initialLanguage(search: string, cookies: string, page?: string): Language {
  const asked = new URLSearchParams(search).get('lang');
  if (asked === 'ar' || asked === 'en') return asked;
  return /(?:^|;\s*)language=/.test(cookies) ? readLanguageCookie(cookies) : parseLanguage(page);
}

let current: Language =
  typeof document === 'undefined'
    ? 'ar'
    : initialLanguage(window.location.search, document.cookie, document.documentElement.lang);

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
