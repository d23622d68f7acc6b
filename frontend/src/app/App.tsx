import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../shared/ui/global.css';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { LanguageProvider } from '../shared/i18n/LanguageProvider';
import { router } from './router';

const theme = createTheme({
  primaryColor: 'green',
  fontFamily: 'system-ui, "Segoe UI", Tahoma, "Noto Sans Arabic", "Noto Naskh Arabic", Arial, sans-serif',
  defaultRadius: 'md',
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** Providers: theme, language and direction, server state, toasts, routes. */
export function App() {
  return (
    <MantineProvider theme={theme}>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          <Notifications position="top-right" autoClose={3000} containerWidth="25rem" />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </LanguageProvider>
    </MantineProvider>
  );
}
