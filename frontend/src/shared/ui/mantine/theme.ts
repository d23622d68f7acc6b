import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

// Mantine's green with white text measures 2.4:1; this darker green keeps its hue and reaches
// WCAG AA (4.5:1 and more) from shade 6, the one filled buttons and badges use. theme.css writes
// the same palette out for the storefront's plain controls (theme.test.tsx keeps them equal).
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

/** Mantine draws a subtle, outline or light control's text at most in shade 6 of its colour,
 * even when a darker shade is asked for (`color="red.9"`); red 6 on white is 3.3:1, and green 6
 * on a light badge's tint is under 4.5. Here the shade asked for is the shade drawn, so a
 * control reaches AA by naming it, and a light one draws shade 9 unless it asks otherwise. */
const shadeAskedFor: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const tinted = input.variant === 'subtle' || input.variant === 'outline' || input.variant === 'light';
  const shade = parsed.shade ?? (input.variant === 'light' ? 9 : undefined);
  if (!tinted || !parsed.isThemeColor || shade === undefined) return resolved;
  return { ...resolved, color: `var(--mantine-color-${parsed.color}-${shade})` };
};

/** The shop's font: the phone's own, with Arabic faces named before Arial. Written out again in
 * theme.css, for the plain controls and the server's markup. */
const FONT = 'system-ui, "Segoe UI", Tahoma, "Noto Sans Arabic", "Noto Naskh Arabic", Arial, sans-serif';

/** The shop's Mantine theme: its green, font and radius. */
export const theme = createTheme({
  primaryColor: 'green',
  colors: { green: GREEN },
  variantColorResolver: shadeAskedFor,
  fontFamily: FONT,
  // Titles too: Mantine's own headings font has no Arabic in it before Arial.
  headings: { fontFamily: FONT },
  defaultRadius: 'md',
  // A filled badge or button writes black on a light colour and white on a dark one: at this
  // luminance both reach 4.5:1, so every status colour (Mantine's orange, gray, blue 6…) passes
  // AA without picking shades one by one.
  autoContrast: true,
  luminanceThreshold: 0.18,
  components: {
    // A table wider than the phone scrolls inside its box: the box takes the focus, so the
    // keyboard can scroll it too (WCAG 2.1.1).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/** Dimmed text in Mantine's gray 6 measures 3.3:1 on white; gray 7 reads at AA. */
export const readableGrays: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
