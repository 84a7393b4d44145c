import cairoArabic400 from '@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url';
import cairoArabic600 from '@fontsource/cairo/files/cairo-arabic-600-normal.woff2?url';
import cairoArabic700 from '@fontsource/cairo/files/cairo-arabic-700-normal.woff2?url';
import cairoLatin400 from '@fontsource/cairo/files/cairo-latin-400-normal.woff2?url';
import cairoLatin600 from '@fontsource/cairo/files/cairo-latin-600-normal.woff2?url';
import cairoLatin700 from '@fontsource/cairo/files/cairo-latin-700-normal.woff2?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { Language } from '@portal/shared';

/** A face of fonts.css: its file, and how `document.fonts.load` names it (weight and family, and a character in its range). */
interface Face {
  href: string;
  font: string;
  sample: string;
}

const ARABIC = 'ع';
const LATIN = 'a';

/**
 * The faces the first screen of each language paints with (body, buttons, headings; the language
 * switch names the other language in its own script).
 */
const FIRST_SCREEN_FACES: Record<Language, Face[]> = {
  ar: [
    { href: cairoArabic400, font: '400 16px Cairo', sample: ARABIC },
    { href: cairoArabic600, font: '600 16px Cairo', sample: ARABIC },
    { href: cairoArabic700, font: '700 16px Cairo', sample: ARABIC },
    // Latin in an Arabic page: codes, e-mails, digits, and the company's name in its headings.
    { href: cairoLatin400, font: '400 16px Cairo', sample: LATIN },
    { href: cairoLatin600, font: '600 16px Cairo', sample: LATIN },
    { href: cairoLatin700, font: '700 16px Cairo', sample: LATIN },
  ],
  en: [
    { href: interLatin, font: '400 16px "Inter Variable"', sample: LATIN },
    { href: cairoArabic600, font: '600 16px Cairo', sample: ARABIC },
  ],
};

/** Fetches the first screen's faces now, ahead of the app's code (main.tsx). */
export function preloadFonts(lang: Language): void {
  for (const { href } of FIRST_SCREEN_FACES[lang]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'font';
    link.type = 'font/woff2';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * Resolves once the first screen's faces are loaded, or after `timeoutMs`, whichever comes first;
 * never rejects. Drawn in a fallback and swapped a moment later, every line of text is laid out
 * twice — on a slow phone a blocking task of a few hundred milliseconds, and a visible jump.
 * A face that fails or is slow costs only the timeout; `font-display: swap` takes it from there.
 */
export function firstScreenFontsReady(lang: Language, timeoutMs: number): Promise<void> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts) return Promise.resolve();
  const loaded = Promise.all(FIRST_SCREEN_FACES[lang].map(({ font, sample }) => fonts.load(font, sample))).then(
    () => undefined,
    () => undefined,
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs));
  return Promise.race([loaded, timeout]);
}
