import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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
  },
});

/**
 * Dimmed text readable on every surface it sits on (WCAG AA, 4.5:1): Mantine's default
 * (gray.6 in light, dark.2 in dark) reaches only 3.3:1 on white and 4.0:1 on the dark body.
 * #5c636a is 6.1:1 on white and 5.5:1 on gray.1; dark.1 is 8.6:1 on dark.7.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
