import { createRequire } from 'node:module';
import path from 'node:path';
import { Font } from '@react-pdf/renderer';
import { ARABIC_LETTER } from './documents.js';

// Apart from ./documents.ts (dates, quantities, directions: every export uses them) because it
// loads the PDF renderer (~43 MB resident): only the PDF documents import it, and they load when
// the first PDF is asked for (issue #26).

// Fonts: the Arabic and Latin subsets of Cairo, each glyph taken from the first that has it.

let fontsReady: Promise<void> | null = null;
/** Registers Cairo (Arabic and Latin subsets) once; call before rendering any PDF. */
export function registerPdfFonts(): Promise<void> {
  fontsReady ??= (async () => {
    // Resolved through node_modules, so it works from src/ (tsx, vitest) and from the bundled dist/.
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('@fontsource/cairo/package.json')), 'files');
    for (const subset of ['arabic', 'latin'] as const) {
      Font.register({
        family: `Cairo-${subset}`,
        fonts: WEIGHTS.map((fontWeight) => ({ src: path.join(dir, `cairo-${subset}-${fontWeight}-normal.woff`), fontWeight })),
      });
    }
    // Words are never hyphenated (Arabic has no hyphenation; codes must stay whole).
    Font.registerHyphenationCallback((word) => [word]);
    for (const subset of ['arabic', 'latin'] as const) {
      for (const fontWeight of WEIGHTS) {
        const source = Font.getFont({ fontFamily: `Cairo-${subset}`, fontWeight }) as unknown as FontSource | undefined;
        await source?.load();
        if (!source?.data) continue;
        glyphsKeepTheirLetters(source.data);
        if (subset === 'arabic') shapeArabicRightToLeft(source.data);
      }
    }
  })();
  return fontsReady;
}

const WEIGHTS = [400, 700] as const;

interface LaidOutGlyph {
  codePoints: number[];
}
interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface GlyphRun {
  glyphs: LaidOutGlyph[];
  positions: GlyphPosition[];
}
interface FontSource {
  load(): Promise<void>;
  data: {
    layout: (text: string, ...rest: unknown[]) => GlyphRun;
    getGlyph: (id: number, codePoints?: number[]) => LaidOutGlyph | null;
  } | null;
}

/**
 * fontkit keeps one glyph object per glyph id, holding the letters (`codePoints`) of the glyph's
 * first use, and gives that object to every later use whatever letters it asks with. A glyph
 * first made without letters kept none for the server's life: writing a PDF's font subset makes
 * every component of a composite glyph without letters, and Cairo builds لأ, لإ and لآ from the
 * glyph of لا, so after a first PDF with "الأول" and no "لا", each later "ولا" came out of the
 * PDF's text as "و" (which PDF drew first decided it, so it failed at random). The letters a
 * caller asks with are the ones its text holds, so they win over the cached ones; the cached
 * glyph itself (outline, metrics) stays shared.
 */
function glyphsKeepTheirLetters(font: NonNullable<FontSource['data']>) {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || codePoints.length === 0 || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as LaidOutGlyph;
  };
}
const sameCodePoints = (a: number[], b: number[]) => a.length === b.length && a.every((cp, i) => cp === b[i]);

/**
 * Two fixes to how @react-pdf draws a run of the Arabic font, in one wrapper of its layout:
 *
 * - The text of a ligature. Cairo draws many Arabic letter pairs as one glyph (its required
 *   ligatures: لا, شر, ني …). A PDF maps each glyph to its text, and text extractors
 *   (pdftotext, pdf.js) read an Arabic line backwards character by character, so a ligature's
 *   text in logical order comes out reversed ("رشكة" for "شركة", "ال" for "لا"). Giving a
 *   ligature glyph its letters in drawn (visual) order makes the extracted text read correctly.
 *   Only the text map changes, never the drawing.
 * - Glyphs the font moves sideways (offsetsToAdvances, below).
 */
function shapeArabicRightToLeft(font: NonNullable<FontSource['data']>) {
  const layout = font.layout.bind(font);
  font.layout = (text: string, ...rest: unknown[]) => {
    const run = layout(text, ...rest);
    // A run that holds an Arabic letter is drawn right to left (the bidi step splits runs by level).
    if (ARABIC_LETTER.test(text)) offsetsToAdvances(run.positions);
    run.glyphs = run.glyphs.map((glyph) =>
      glyph.codePoints.length > 1 && glyph.codePoints.every(isArabic)
        ? (Object.create(glyph, { codePoints: { value: [...glyph.codePoints].reverse() } }) as LaidOutGlyph)
        : glyph,
    );
    return run;
  };
}
/**
 * A letter's horizontal offset, as a shift of the pen instead: the glyph drawn to its left (the
 * next one in logical order, as the run is drawn reversed) advances by the offset more and the
 * letter by as much less. @react-pdf/render scales offsets by the font size a second time, so
 * an offset letter was drawn almost without its offset: Cairo's initial ف (moved 0.2 em) covered
 * the space before it, "أُصدر في" read "أصدرفي" on paper and in its text. Marks (no advance) keep
 * their offsets: a mark drawn through a negative advance comes out of pdftotext apart from its letter.
 */
function offsetsToAdvances(positions: GlyphPosition[]) {
  for (let i = 0; i + 1 < positions.length; i++) {
    const p = positions[i]!;
    if (!p.xOffset || p.yOffset || p.xAdvance <= 0) continue;
    positions[i + 1]!.xAdvance += p.xOffset;
    p.xAdvance -= p.xOffset;
    p.xOffset = 0;
  }
}
const isArabic = (cp: number) => (cp >= 0x0600 && cp <= 0x06ff) || (cp >= 0x0750 && cp <= 0x077f) || (cp >= 0xfb50 && cp <= 0xfeff);

/** The font family list every PDF uses: each glyph from the first subset that has it. */
export const PDF_FONT = ['Cairo-arabic', 'Cairo-latin'];
