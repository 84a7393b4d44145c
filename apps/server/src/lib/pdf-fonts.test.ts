import { expect, it } from 'vitest';
import { approvedTransfer } from '../../test/document-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { renderDeliveryNotePdf } from '../modules/transfers/document.js';

/**
 * A ligature's text must not depend on what the server drew before. fontkit keeps one glyph
 * object per glyph id, with the letters of its first use; a glyph first made without letters
 * (as a component of another glyph, when a PDF's font subset is written) kept none for every
 * later PDF. Cairo builds لأ from the glyph of لا, so a first PDF with "الأول" and no "لا"
 * made every later "ولا" come out of pdftotext as "و" (seen once in a browser test run).
 * This file runs in its own module instance, so its first PDF is the font's first use.
 */

// English labels and names: the only Arabic of each PDF is its one item name.
const note = (itemName: string) => approvedTransfer({ requester: 'Ahmed', approver: 'Sara', warehouse: 'Main', unit: 'piece', items: [itemName], notes: null });

it('a lam-alef keeps its letters after a PDF that drew only lam-alef-hamza', async () => {
  const render = (itemName: string) => renderDeliveryNotePdf({ transfer: note(itemName), companyName: 'Demo', timeZone: 'Asia/Riyadh', lang: 'en' });
  const first = pdfText(await render('الأول'));
  const second = pdfText(await render('البطارية ولا تحتفظ'));
  if (first == null || second == null) return;
  expect(first).toContain('الأول');
  expect(second).toContain('البطارية ولا تحتفظ');
}, 60_000);
