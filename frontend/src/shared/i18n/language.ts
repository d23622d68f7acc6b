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

let current: Language = typeof document === 'undefined' ? 'ar' : readLanguageCookie();

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
