import cairoArabic400 from '@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url';
import cairoArabic600 from '@fontsource/cairo/files/cairo-arabic-600-normal.woff2?url';
import cairoArabic700 from '@fontsource/cairo/files/cairo-arabic-700-normal.woff2?url';
import cairoLatin400 from '@fontsource/cairo/files/cairo-latin-400-normal.woff2?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { Language } from '@portal/shared';

/**
 * The faces the first screen of each language paints with (body, buttons, headings; the language
 * switch names the other language in its own script). Fetched beside the app's code instead of
 * after the first render, so text is not laid out twice (swap) and nothing shifts.
 */
const FIRST_SCREEN_FONTS: Record<Language, string[]> = {
  ar: [cairoArabic400, cairoArabic600, cairoArabic700, cairoLatin400],
  en: [interLatin, cairoArabic600],
};

export function preloadFonts(lang: Language): void {
  for (const href of FIRST_SCREEN_FONTS[lang]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'font';
    link.type = 'font/woff2';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }
}
