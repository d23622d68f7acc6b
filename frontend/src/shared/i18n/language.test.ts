import { describe, expect, it } from 'vitest';
import { applyLanguage, currentLanguage, initialLanguage, parseLanguage, readLanguageCookie } from './language';

describe('language', () => {
  it('is English only when asked for, Arabic otherwise', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('ar')).toBe('ar');
    expect(parseLanguage('fr')).toBe('ar');
    expect(parseLanguage(null)).toBe('ar');
    expect(readLanguageCookie('a=1; language=en; b=2')).toBe('en');
    expect(readLanguageCookie('language=de')).toBe('ar');
    expect(readLanguageCookie('')).toBe('ar');
  });

  it('follows a link that asks for one (?lang=) over the cookie', () => {
    expect(initialLanguage('?lang=en', 'language=ar')).toBe('en');
    expect(initialLanguage('?page=2&lang=ar', 'language=en')).toBe('ar');
    expect(initialLanguage('?lang=fr', 'language=en')).toBe('en');
    expect(initialLanguage('', '')).toBe('ar');
    // A first visit: no cookie yet, the server chose by the browser's Accept-Language.
    expect(initialLanguage('', 'a=1', 'en')).toBe('en');
    expect(initialLanguage('', 'language=ar', 'en')).toBe('ar');
    expect(initialLanguage('?lang=ar', '', 'en')).toBe('ar');
  });

  it('is kept in the cookie and mirrors the page', () => {
    applyLanguage('en');
    expect(document.cookie).toContain('language=en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(currentLanguage()).toBe('en');
    applyLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(readLanguageCookie()).toBe('ar');
  });
});
