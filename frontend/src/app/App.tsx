// Only the styles of the components the shop uses, not all of Mantine's: less CSS to
// download on a weak network. Add a component's file when a screen starts using it.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
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
import {
  MantineProvider,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { lazy, Suspense } from 'react';
import { LanguageProvider } from '../shared/i18n/LanguageProvider';
import { currentLanguage } from '../shared/i18n/language';
import { seedFromPage } from '../shared/api/pageData';
import { Screens } from './router';

// Mantine's green with white text measures 2.4:1; this darker green keeps its hue and reaches
// WCAG AA (4.5:1 and more) from shade 6, the one filled buttons and badges use.
const GREEN: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#5cb873',
  '#3f9a55',
  '#237a36',
  '#1d6a2f',
  '#185a28',
  '#124a20',
];

/** Mantine draws a subtle or outline button's text at most in shade 6 of its colour, even when
 * a darker shade is asked for (`color="red.9"`); red 6 on white is 3.3:1. Here the shade asked
 * for is the shade drawn, so a control reaches AA by naming it. */
const shadeAskedFor: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const textOnly = input.variant === 'subtle' || input.variant === 'outline';
  if (!textOnly || !parsed.isThemeColor || parsed.shade === undefined) return resolved;
  return { ...resolved, color: `var(--mantine-color-${parsed.color}-${parsed.shade})` };
};

/** The shop's font: the phone's own, with Arabic faces named before Arial. Written out again in
 * first-paint.css, for the server's markup. */
const FONT = 'system-ui, "Segoe UI", Tahoma, "Noto Sans Arabic", "Noto Naskh Arabic", Arial, sans-serif';

const theme = createTheme({
  primaryColor: 'green',
  colors: { green: GREEN },
  variantColorResolver: shadeAskedFor,
  fontFamily: FONT,
  // Titles too: Mantine's own headings font has no Arabic in it before Arial.
  headings: { fontFamily: FONT },
  defaultRadius: 'md',
});

// Dimmed text in Mantine's gray 6 measures 3.3:1 on white; gray 7 reads at AA.
const readableGrays: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

// The toasts' container (transitions, portal, scroll lock) comes a moment after the page; a
// toast asked for before it is kept by the store and shown when it arrives.
const Toasts = lazy(() => import('./Toasts'));

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});
// The server painted Home, a list or a product page with these answers: no second round trip.
if (typeof document !== 'undefined') seedFromPage(queryClient, currentLanguage());

/** Providers: theme, language and direction, server state, toasts, routes. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableGrays}>
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
    </MantineProvider>
  );
}
