import { createTheme, darken, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eef3ff',
  '#dce4f5',
  '#b9c7e2',
  '#94a8d0',
  '#748dc1',
  '#5f7cb8',
  '#5474b4',
  '#44639f',
  '#39588f',
  '#2d4b81',
];

export const theme = createTheme({
  // The font follows <html lang> (see global.css): Cairo for Arabic, Inter for English.
  fontFamily: 'var(--app-font-family)',
  headings: { fontFamily: 'var(--app-font-family)', fontWeight: '700' },
  colors: { brand },
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
    // Mantine 9 keeps every Select's options drawn (hidden) while it is closed, and positions each
    // hidden dropdown once it is drawn: a forced layout apiece. The requests list's six filters
    // cost a throttled phone some 300 ms and 300 elements before anything could be touched
    // (issue #26). Drawn when opened instead, as in Mantine 7. A Select that must pick its
    // highlighted option on blur (`autoSelectOnBlur`) still keeps its options, as Mantine asks.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** WCAG's contrast ratio of two colours. */
const contrast = (a: string, b: string) => {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/**
 * The lightest of a colour's shades 7–9 readable on `background` (WCAG AA, 4.5:1), or shade 9
 * darkened until it is: Mantine's light badges write yellow.9 on yellow.1 (2.7:1) and orange.9 on
 * orange.1 (3.6:1), and `c="teal"` text is teal.7 on white (3.1:1) — Lighthouse's accessibility
 * audit failed the supervisor's dashboard and the requests list on them (issue #26).
 */
function readableShade(shades: MantineColorsTuple, background: string): string {
  for (const shade of [shades[7], shades[8], shades[9]]) if (contrast(shade, background) >= 4.5) return shade;
  let amount = 0.1;
  while (contrast(darken(shades[9], amount), background) < 4.5 && amount < 0.9) amount += 0.1;
  return darken(shades[9], amount);
}

/**
 * Dimmed text readable on every surface it sits on (WCAG AA, 4.5:1): Mantine's default
 * (gray.6 in light, dark.2 in dark) reaches only 3.3:1 on white and 4.0:1 on the dark body.
 * #5c636a is 6.1:1 on white and 5.5:1 on gray.1; dark.1 is 8.6:1 on dark.7. In the light scheme,
 * each colour's text (`c="red"`) is readable on gray.0 and its light variant's text on its own
 * light background (shade 1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    ...Object.fromEntries(
      Object.entries(t.colors)
        .filter(([name]) => name !== 'dark')
        .flatMap(([name, shades]) => [
          [`--mantine-color-${name}-text`, readableShade(shades, t.colors.gray[0])],
          [`--mantine-color-${name}-light-color`, readableShade(shades, shades[1])],
        ]),
    ),
  },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
