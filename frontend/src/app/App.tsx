// Only the styles of the components the shop uses, not all of Mantine's: less CSS to
// download on a weak network. Add a component's file when a screen starts using it.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '../shared/ui/mantine/theme.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Switch.css';
// Checkbox, Radio and Switch lay out their label beside the control with it.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
// SegmentedControl's moving highlight is a FloatingIndicator: without its styles it sits in
// the flow at the inline start, which in Arabic is the wrong end.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/notifications/styles.css';
import '../shared/ui/global.css';
import '../shared/ui/first-paint.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { Suspense } from 'react';
import { LanguageProvider } from '../shared/i18n/LanguageProvider';
import { currentLanguage } from '../shared/i18n/language';
import { seedFromPage } from '../shared/api/pageData';
import { lazyWithMantine } from '../shared/ui/mantine/lazyWithMantine';
import { Screens } from './router';

// The toasts' container (transitions, portal, scroll lock) comes a moment after the page; a
// toast asked for before it is kept by the store and shown when it arrives.
const Toasts = lazyWithMantine(() => import('./Toasts'));

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
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <BrowserRouter>
          <Screens />
        </BrowserRouter>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
