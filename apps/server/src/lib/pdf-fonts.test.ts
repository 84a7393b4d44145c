import { expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import type { TTransfer } from '@portal/shared';
import { renderDeliveryNotePdf } from '../modules/transfers/document.js';

/**
 * A ligature's text must not depend on what the server drew before. fontkit keeps one glyph
 * object per glyph id, with the letters of its first use; a glyph first made without letters
 * (as a component of another glyph, when a PDF's font subset is written) kept none for every
 * later PDF. Cairo builds لأ from the glyph of لا, so a first PDF with "الأول" and no "لا"
 * made every later "ولا" come out of pdftotext as "و" (seen once in a browser test run).
 * This file runs in its own module instance, so its first PDF is the font's first use.
 */

const at = '2026-11-22T09:51:00Z';
const person = (name: string) => ({ id: '00000000-0000-4000-8000-000000000001', name });
const note = (itemName: string) =>
  ({
    id: '00000000-0000-4000-8000-000000000003',
    number: 'TR-000041',
    status: 'approved',
    from_warehouse: { id: '00000000-0000-4000-8000-000000000002', code: 'WH-1', name: 'Main', kind: 'main' },
    to_warehouse: { id: '00000000-0000-4000-8000-000000000004', code: 'WH-2', name: 'Van', kind: 'van' },
    requested_by: person('Ahmed'),
    requested_at: at,
    decided_by: person('Sara'),
    decided_at: at,
    rejection_reason: null,
    received_by: null,
    received_at: null,
    cancelled_by: null,
    cancelled_at: null,
    notes: null,
    lines: [{ id: 'l1', item_id: 'i1', item_code: 'IT-1', item_name: itemName, unit: 'piece', quantity: '2.000', available_in_source: '5' }],
    timeline: [],
  }) as unknown as TTransfer;

it('a lam-alef keeps its letters after a PDF that drew only lam-alef-hamza', async () => {
  // English labels: the only Arabic of each PDF is its one item name.
  const render = (itemName: string) => renderDeliveryNotePdf({ transfer: note(itemName), companyName: 'Demo', timeZone: 'Asia/Riyadh', lang: 'en' });
  const first = pdfText(await render('الأول'));
  const second = pdfText(await render('البطارية ولا تحتفظ'));
  if (first == null || second == null) return;
  expect(first).toContain('الأول');
  expect(second).toContain('البطارية ولا تحتفظ');
}, 60_000);
