import { createElement as h, type ReactElement } from 'react';
import { Document, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { type Language, type TransferStatus, type TTransfer, type WarehouseKind } from '@portal/shared';
import { toCsv } from '../../lib/csv.js';
import { formatDate, formatQuantity, type PdfStyle } from '../../lib/documents.js';
import { PDF_FONT, registerPdfFonts } from '../../lib/pdf-fonts.js';
import { labelOf } from '../../lib/labels.js';
import { pdfWriting } from '../../lib/pdf-writing.js';

/**
 * The delivery note of a transfer (PRODUCT.md §4 "print" and "download"): an A4 PDF laid out
 * right to left in Arabic, and the same content as CSV. Arabic is shaped and ordered by
 * @react-pdf/renderer with the Cairo font (docs: ARCHITECTURE.md, "Documents").
 */

export interface DeliveryNoteInput {
  transfer: TTransfer;
  companyName: string;
  timeZone: string;
  lang: Language;
}

const LABELS = {
  ar: {
    title: 'إذن تسليم — تحويل مخزون',
    number: 'رقم التحويل',
    date: 'تاريخ الطلب',
    status: 'الحالة',
    from: 'من المستودع',
    to: 'إلى المستودع',
    requestedBy: 'طلبه',
    decidedBy: 'اعتمده',
    decidedAt: 'تاريخ الاعتماد',
    rejectedBy: 'رفضه',
    rejectedAt: 'تاريخ الرفض',
    receivedBy: 'استلمه',
    receivedAt: 'تاريخ الاستلام',
    cancelledBy: 'ألغاه',
    cancelledAt: 'تاريخ الإلغاء',
    rejectionReason: 'سبب الرفض',
    notes: 'ملاحظات',
    lineNo: '#',
    code: 'الرمز',
    item: 'الصنف',
    unit: 'الوحدة',
    quantity: 'الكمية',
    issuedSign: 'أصدره',
    deliveredSign: 'سلّمه',
    receivedSign: 'استلمه',
    name: 'الاسم',
    signature: 'التوقيع',
    signDate: 'التاريخ',
    printed: 'طُبع في',
    lines: 'الأصناف',
    status_pending: 'بانتظار الاعتماد',
    status_approved: 'معتمد — قيد النقل',
    status_completed: 'مكتمل',
    status_rejected: 'مرفوض',
    status_cancelled: 'ملغى',
    kind_main: 'رئيسي',
    kind_branch: 'فرع',
    kind_van: 'مركبة',
  },
  en: {
    title: 'Delivery note — stock transfer',
    number: 'Transfer number',
    date: 'Requested on',
    status: 'Status',
    from: 'From warehouse',
    to: 'To warehouse',
    requestedBy: 'Requested by',
    decidedBy: 'Approved by',
    decidedAt: 'Approved on',
    rejectedBy: 'Rejected by',
    rejectedAt: 'Rejected on',
    receivedBy: 'Received by',
    receivedAt: 'Received on',
    cancelledBy: 'Cancelled by',
    cancelledAt: 'Cancelled on',
    rejectionReason: 'Rejection reason',
    notes: 'Notes',
    lineNo: '#',
    code: 'Code',
    item: 'Item',
    unit: 'Unit',
    quantity: 'Quantity',
    issuedSign: 'Issued by',
    deliveredSign: 'Delivered by',
    receivedSign: 'Received by',
    name: 'Name',
    signature: 'Signature',
    signDate: 'Date',
    printed: 'Printed on',
    lines: 'Items',
    status_pending: 'Pending approval',
    status_approved: 'Approved — in transit',
    status_completed: 'Completed',
    status_rejected: 'Rejected',
    status_cancelled: 'Cancelled',
    kind_main: 'Main',
    kind_branch: 'Branch',
    kind_van: 'Van',
  },
} as const;
type Labels = (typeof LABELS)[Language];
type Style = PdfStyle;

const statusLabel = (l: Labels, s: TransferStatus) => l[`status_${s}`];
const kindLabel = (l: Labels, k: WarehouseKind) => l[`kind_${k}`];

const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 10, fontFamily: PDF_FONT, color: '#111' },
  company: { fontSize: 16, fontWeight: 700 },
  title: { fontSize: 13, marginTop: 2, color: '#333' },
  header: { borderBottomWidth: 1.5, borderBottomColor: '#111', paddingBottom: 8, marginBottom: 12 },
  grid: { flexWrap: 'wrap', marginBottom: 12 },
  cell: { width: '50%', paddingVertical: 3 },
  label: { color: '#555' },
  value: { fontWeight: 700 },
  table: { borderWidth: 1, borderColor: '#999', marginTop: 4 },
  tr: { borderBottomWidth: 1, borderBottomColor: '#ccc', minHeight: 22, alignItems: 'center' },
  th: { backgroundColor: '#eee', fontWeight: 700 },
  td: { paddingHorizontal: 4, paddingVertical: 3 },
  notes: { marginTop: 12 },
  signatures: { marginTop: 36, justifyContent: 'space-between' },
  signBox: { width: '30%' },
  signLine: { borderBottomWidth: 1, borderBottomColor: '#111', height: 22, marginBottom: 4 },
  footer: { position: 'absolute', bottom: 20, left: 36, right: 36, fontSize: 8, color: '#777' },
});

const COLUMNS = [
  { key: 'no', width: '7%' },
  { key: 'code', width: '20%' },
  { key: 'item', width: '43%' },
  { key: 'unit', width: '12%' },
  { key: 'quantity', width: '18%' },
] as const;

/** A fact above the lines: its label, its value and, for a warehouse, a detail line (code · kind). */
type Field = [label: string, value: string, detail?: string];

/**
 * The facts above the lines. Names and dates are separate values: a date written after Arabic
 * text would have its digits reordered by the bidi algorithm. A warehouse's name is free text
 * of either direction, so its code and kind (in the note's language) are a separate detail:
 * joined into one string, an Arabic name turned the whole English line right to left.
 */
function noteFields(t: TTransfer, l: Labels, timeZone: string): Field[] {
  const warehouse = (label: string, w: TTransfer['from_warehouse']): Field => [label, w.name, `${w.code} · ${kindLabel(l, w.kind)}`];
  const fields: Field[] = [
    [l.number, t.number],
    [l.date, formatDate(t.requested_at, timeZone)],
    warehouse(l.from, t.from_warehouse),
    warehouse(l.to, t.to_warehouse),
    [l.status, statusLabel(l, t.status)],
    [l.requestedBy, t.requested_by.name],
  ];
  const rejected = t.status === 'rejected';
  if (t.decided_by) {
    fields.push([rejected ? l.rejectedBy : l.decidedBy, t.decided_by.name], [rejected ? l.rejectedAt : l.decidedAt, formatDate(t.decided_at, timeZone)]);
  }
  if (t.rejection_reason) fields.push([l.rejectionReason, t.rejection_reason]);
  if (t.received_by) fields.push([l.receivedBy, t.received_by.name], [l.receivedAt, formatDate(t.received_at, timeZone)]);
  if (t.cancelled_by) fields.push([l.cancelledBy, t.cancelled_by.name], [l.cancelledAt, formatDate(t.cancelled_at, timeZone)]);
  return fields;
}

function deliveryNote({ transfer: t, companyName, timeZone, lang }: DeliveryNoteInput): ReactElement<DocumentProps> {
  const l = LABELS[lang];
  const { row, align, ltr, text } = pdfWriting(lang);
  // The label takes a fixed width and the value the rest, wrapping there when it is long.
  const field = ([label, value, detail]: Field) =>
    h(
      View,
      { style: [styles.cell, row], key: label },
      h(View, { style: { width: 92 } }, text(`${label}: `, styles.label)),
      h(View, { style: { flex: 1, paddingHorizontal: 6 } }, text(value, styles.value), detail ? h(Text, { style: { ...align, ...styles.label } }, detail) : null),
    );

  const fields = noteFields(t, l, timeZone);

  const cellStyle = (i: number): Style[] => [styles.td, { width: COLUMNS[i]!.width }];
  const headerRow = h(
    View,
    { style: [styles.tr, styles.th, row], fixed: true },
    ...[l.lineNo, l.code, l.item, l.unit, l.quantity].map((label, i) => h(View, { style: cellStyle(i), key: i }, text(label))),
  );
  const lineRows = t.lines.map((line, n) =>
    h(
      View,
      { style: [styles.tr, row], key: line.id, wrap: false },
      h(View, { style: cellStyle(0) }, text(String(n + 1))),
      h(View, { style: cellStyle(1) }, h(Text, { style: ltr }, line.item_code)),
      h(View, { style: cellStyle(2) }, text(line.item_name)),
      h(View, { style: cellStyle(3) }, text(labelOf(lang, 'inventory.units', line.unit))),
      h(View, { style: cellStyle(4) }, h(Text, { style: ltr }, formatQuantity(line.quantity))),
    ),
  );

  const signBox = (label: string) =>
    h(
      View,
      { style: styles.signBox, key: label },
      text(label, { fontWeight: 700, marginBottom: 6 }),
      ...[l.name, l.signature, l.signDate].map((what) => h(View, { key: what }, text(what, styles.label), h(View, { style: styles.signLine }))),
    );

  return h(
    Document,
    { title: `${t.number} — ${l.title}`, author: companyName, language: lang },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(View, { style: styles.header }, text(companyName, styles.company), text(`${l.title} — ${t.number}`, styles.title)),
      h(View, { style: [styles.grid, row] }, ...fields.map(field)),
      text(l.lines, { fontWeight: 700 }),
      h(View, { style: styles.table }, headerRow, ...lineRows),
      t.notes ? h(View, { style: styles.notes }, text(`${l.notes}:`, styles.label), text(t.notes)) : null,
      h(View, { style: [styles.signatures, row], wrap: false }, signBox(l.issuedSign), signBox(l.deliveredSign), signBox(l.receivedSign)),
      h(
        View,
        { style: [styles.footer, row], fixed: true },
        text(`${companyName} — ${t.number}`, { flexGrow: 1 }),
        h(Text, {
          style: { ...align, marginHorizontal: 8 },
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `${pageNumber} / ${totalPages}`,
        }),
      ),
    ),
  );
}

export async function renderDeliveryNotePdf(input: DeliveryNoteInput): Promise<Buffer> {
  await registerPdfFonts();
  return renderToBuffer(deliveryNote(input));
}

// ---------------------------------------------------------------------------------------
// CSV

/** The same content as the PDF; UTF-8 with a BOM so spreadsheet programs show Arabic. */
export function renderDeliveryNoteCsv({ transfer: t, companyName, timeZone, lang }: DeliveryNoteInput): string {
  const l = LABELS[lang];
  const rows: string[][] = [
    [companyName],
    [l.title],
    ...noteFields(t, l, timeZone).map(([label, value, detail]) => (detail ? [label, value, detail] : [label, value])),
  ];
  if (t.notes) rows.push([l.notes, t.notes]);
  rows.push([]);
  rows.push([l.lineNo, l.code, l.item, l.unit, l.quantity]);
  t.lines.forEach((line, i) => rows.push([String(i + 1), line.item_code, line.item_name, labelOf(lang, 'inventory.units', line.unit), formatQuantity(line.quantity)]));
  rows.push([]);
  for (const sign of [l.issuedSign, l.deliveredSign, l.receivedSign]) rows.push([sign, l.name, '', l.signature, '', l.signDate, '']);
  return toCsv(rows);
}

/** The file name of a delivery note: the transfer number (safe in any header). */
export const deliveryNoteFileName = (t: TTransfer, format: 'pdf' | 'csv') => `${t.number.replace(/[^A-Za-z0-9-]/g, '')}.${format}`;
