import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { currentLanguage } from './shared/i18n/language';
import { loadMessages } from './shared/i18n/messages';

// The service worker (vite.config.ts) keeps the shell, scripts and pictures for weak networks.
// Its registration's code comes once the page has loaded: it never stands before a first tap.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  });
}

const root = document.getElementById('root');
if (root) {
  // The language's texts first (preloaded beside the entry): a first drawing that waited for
  // them inside React was redrawn in one long task (Lighthouse's blocking time 330 -> 115 ms
  // without). As a transition, React draws the app in slices and lets the phone answer a tap
  // between them; the server's painted page stays on screen until the whole app is ready to
  // take over, or if the texts cannot come.
  void loadMessages(currentLanguage()).then(() =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }),
  );
}
