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

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Toasts live in one store for the whole file: a test's must not crowd out the next one's.
  notifications.clean();
});
