import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/App';

// The service worker (vite.config.ts) keeps the shell, scripts and pictures for weak networks.
if (import.meta.env.PROD && 'serviceWorker' in navigator) registerSW({ immediate: true });

const root = document.getElementById('root');
if (root) {
  // As a transition, React draws the app in slices and lets the phone answer a tap between
  // them; the server's painted page stays on screen until the whole app is ready to take over.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
