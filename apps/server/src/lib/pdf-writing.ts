import { createElement as h } from 'react';
import { Text } from '@react-pdf/renderer';
import type { Language, TCatalogEntry } from '@portal/shared';
import { freeTextDirection, type PdfStyle } from './documents.js';

/**
 * How every PDF of the portal writes in its language (the delivery note, the service report,
 * the intake receipt): imported only by the documents, which load on first use, so a starting
 * server never holds the renderer (issue #26).
 */
export function pdfWriting(lang: Language) {
  const rtl = lang === 'ar';
  // Right to left: rows run from the right and text is right-aligned.
  const row = { flexDirection: rtl ? 'row-reverse' : 'row' } as const;
  // The paragraph direction decides where punctuation and mixed runs go (bidi), not only alignment.
  const align = { textAlign: rtl ? 'right' : 'left', direction: rtl ? 'rtl' : 'ltr' } as const;
  // Codes, numbers and quantities always read left to right, also inside an Arabic page.
  const ltr = { textAlign: rtl ? 'right' : 'left', direction: 'ltr' } as const;
  return {
    rtl,
    row,
    align,
    ltr,
    /** Free text (names, notes) in its own direction: see freeTextDirection. */
    text: (value: string, style: PdfStyle = {}) => h(Text, { style: { ...align, direction: freeTextDirection(value, lang) ?? align.direction, ...style } }, value),
    /** A code, number or date: left to right. */
    code: (value: string, style: PdfStyle = {}) => h(Text, { style: { ...ltr, ...style } }, value),
    /** A service or fault type's name in the document's language (the code when unknown). */
    catalog: (list: TCatalogEntry[], value: string) => {
      const e = list.find((x) => x.code === value);
      return e ? (lang === 'ar' ? e.name_ar : e.name_en) : value;
    },
  };
}
