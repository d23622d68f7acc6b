import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { loadMessages } from '../shared/i18n/messages';

// The app waits for a language's texts before its first drawing; the tests have both at hand.
await Promise.all([loadMessages('ar'), loadMessages('en')]);

// Mantine reads these browser APIs, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => undefined;
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

// A message id asked for at run time (`roles.${role}`, a unit's word) that a catalogue lacks
// fails the test that drew it, as a literal id missing fails the catalogue test: react-intl
// reports it (outside production) through console.error.
const missingTexts: string[] = [];
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = String(args[0]);
  if (text.includes('MISSING_TRANSLATION')) missingTexts.push(text);
  reportError(...args);
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Toasts live in one store for the whole file: a test's must not crowd out the next one's.
  notifications.clean();
  const missing = missingTexts.splice(0);
  if (missing.length > 0) throw new Error(`Messages missing from a catalogue:\n${missing.join('\n')}`);
});
