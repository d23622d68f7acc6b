// Mantine's base (reset, variables, the shop's theme written out, its global classes): the
// storefront's plain elements use its variables. The components' own styles come with them
// (shared/ui/mantine/styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '../shared/ui/mantine/theme.css';
import '@mantine/core/styles/global.css';
import '../shared/ui/global.css';
import '../shared/ui/first-paint.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { LanguageProvider } from '../shared/i18n/LanguageProvider';
import { currentLanguage } from '../shared/i18n/language';
import { seedFromPage } from '../shared/api/pageData';
import { lazyWithMantine } from '../shared/ui/mantine/lazyWithMantine';
import { Screens } from './router';

// The toasts' container (transitions, portal, and Mantine with them) comes with the first
// toast: the store keeps it until the container arrives and shows it.
const Toasts = lazyWithMantine(() => import('./Toasts'));

/** The toasts, from the first one on: a visit where nothing is said downloads none of it. */
function LaterToasts() {
  const { notifications, queue } = useNotifications();
  const [asked, setAsked] = useState(false);
  if (!asked && notifications.length + queue.length > 0) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});
// The server painted Home, a list or a product page with these answers: no second round trip.
if (typeof document !== 'undefined') seedFromPage(queryClient, currentLanguage());

/** Providers: language and direction, server state, toasts, routes. Mantine's theme comes with
 * the parts drawn with Mantine (`lazyWithMantine`), not with the storefront's first download. */
export function App() {
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <LaterToasts />
        <BrowserRouter>
          <Screens />
        </BrowserRouter>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
