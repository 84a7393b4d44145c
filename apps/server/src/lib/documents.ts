import type { StyleSheet } from '@react-pdf/renderer';

/**
 * What every document the portal prints shares (delivery notes, service reports, CSV exports):
 * dates in the company's zone, the text direction of free text, and safe CSV. The Cairo font for
 * PDFs, with Arabic shaped and extractable in reading order, is in ./pdf-fonts.ts. Docs: ARCHITECTURE.md, "Documents".
 */

export type PdfStyle = Parameters<typeof StyleSheet.create>[0][string];

/** A letter of the Arabic script (not a digit or a mark). */
export const ARABIC_LETTER = /[\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefc]/;

/** "2026-11-22 09:51" in the company's time zone: the same digits and order in both languages. */
export function formatDate(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The company-zone day of an instant ("2026-11-26"): what a file named by its date calls today. */
export function companyDay(at: Date | string, timeZone: string): string {
  return formatDate(typeof at === 'string' ? at : at.toISOString(), timeZone).slice(0, 10);
}

/**
 * The paragraph direction of free text (names, notes, problems) in a document, or null for
 * text without letters. Like dir="auto" the first strong letter decides, except that on an
 * Arabic page any text holding an Arabic letter reads right to left: "SR-000041 طلب رقم" is an
 * Arabic sentence that starts with a code, and drawn left to right its words came out of the
 * PDF's text (pdftotext reads an Arabic page right to left) in the wrong order.
 */
export function freeTextDirection(value: string, lang: 'ar' | 'en'): 'rtl' | 'ltr' | null {
  if (lang === 'ar' && ARABIC_LETTER.test(value)) return 'rtl';
  const m = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|[A-Za-z\u00C0-\u024F]/.exec(value);
  if (!m) return null;
  return m[0] >= '\u0590' && !/[\u00C0-\u024F]/.test(m[0]) ? 'rtl' : 'ltr';
}

/** A quantity without trailing zeros: "2.500" → "2.5", "3.000" → "3". */
export function formatQuantity(q: string): string {
  return q.includes('.') ? q.replace(/\.?0+$/, '') : q;
}

// ---------------------------------------------------------------------------------------
