import { describe, expect, it } from 'vitest';
import { applyLanguage, currentLanguage, parseLanguage, readLanguageCookie } from './language';

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
