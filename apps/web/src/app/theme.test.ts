import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

const contrast = (a: string, b: string) => {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

describe('theme colours in the light scheme', () => {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(full).light as Record<string, string>;

  it('writes every colour\'s text and light-variant text at WCAG AA contrast (4.5:1) on what it sits on', () => {
    const names = Object.keys(full.colors).filter((n) => n !== 'dark');
    expect(names).toEqual(expect.arrayContaining(['yellow', 'orange', 'teal', 'red', 'indigo', 'brand']));
    for (const name of names) {
      const shades = full.colors[name]!;
      const text = light[`--mantine-color-${name}-text`]!;
      const badge = light[`--mantine-color-${name}-light-color`]!;
      expect(contrast(text, full.colors.gray[0]), `${name} text ${text}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(badge, shades[1]), `${name} light variant ${badge}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a colour\'s own shade where it was readable already (the primary colour is unchanged)', () => {
    expect(light['--mantine-color-indigo-text']).toBe(full.colors.indigo[7]);
    expect(light['--mantine-color-red-text']).toBe(full.colors.red[9]);
  });
});
