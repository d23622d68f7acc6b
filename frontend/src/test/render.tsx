import type { ReactElement } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { AccountTexts } from '../shared/i18n/AccountTexts';
import { DashboardTexts } from '../shared/i18n/DashboardTexts';
import { LanguageProvider } from '../shared/i18n/LanguageProvider';
import { MantineScope } from '../shared/ui/mantine/MantineScope';

/** Shows the current path (and, as an attribute, the query) so tests can assert where a
 * screen navigated. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-search={location.search}>
      {location.pathname}
    </div>
  );
}

/** Renders a screen at a path (or a location with the state a navigation handed over) with
 * every provider the app has and a fresh query client (the account's and dashboard's texts
 * too: which screens may use them is checked by the catalogue test). */
export function renderAt(path: InitialEntry, routes: Record<string, ReactElement>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <LanguageProvider>
      <MantineScope>
        <AccountTexts>
          <DashboardTexts>
            <QueryClientProvider client={queryClient}>
              <Notifications />
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  {Object.entries(routes).map(([routePath, element]) => (
                    <Route key={routePath} path={routePath} element={element} />
                  ))}
                  <Route path="*" element={<LocationProbe />} />
                </Routes>
              </MemoryRouter>
            </QueryClientProvider>
          </DashboardTexts>
        </AccountTexts>
      </MantineScope>
    </LanguageProvider>,
  );
}
