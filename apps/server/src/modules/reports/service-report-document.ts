import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { type Language, type TCatalogEntry, type TServiceReport } from '@portal/shared';
import { formatDate, formatQuantity } from '../../lib/documents.js';
import { PDF_FONT, registerPdfFonts } from '../../lib/pdf-fonts.js';
import { labelOf } from '../../lib/labels.js';
import { pdfWriting } from '../../lib/pdf-writing.js';

/**
 * The service report of one request as an A4 PDF (PRODUCT.md §10): customer, device, the
 * diagnostic, parts with prices, tax and totals, labor, photos, the quality check and both
 * signatures — right to left in Arabic. Built like the transfers' delivery note: Cairo, one
 * paragraph direction per page, free text in the direction of its first letter, codes and
 * amounts always left to right.
 */

export interface ServiceReportImages {
  /** Photo thumbnails (JPEG), in the report's order. */
  photos: Buffer[];
  technicianSignature: Buffer | null;
  customerSignature: Buffer | null;
}

export interface ServiceReportInput {
  report: TServiceReport;
  images: ServiceReportImages;
  serviceTypes: TCatalogEntry[];
  faultTypes: TCatalogEntry[];
  lang: Language;
}

const LABELS = {
  ar: {
    title: 'تقرير الخدمة',
    number: 'رقم الطلب',
    requestDate: 'تاريخ الطلب',
    status: 'الحالة',
    completedAt: 'تاريخ الإنجاز',
    customer: 'العميل',
    name: 'الاسم',
    mobile: 'الجوال',
    email: 'البريد الإلكتروني',
    location: 'مكان الخدمة',
    address: 'العنوان',
    device: 'الجهاز',
    brandModel: 'الماركة والموديل',
    serial: 'الرقم التسلسلي',
    warranty: 'الضمان',
    service: 'الخدمة',
    serviceType: 'نوع الخدمة',
    faultType: 'نوع العطل',
    priority: 'الأولوية',
    problem: 'وصف المشكلة',
    work: 'العمل المنجز',
    technician: 'الفني',
    startedAt: 'بدء العمل',
    workLogged: 'مدة العمل المسجلة',
    laborHours: 'ساعات العمل المحتسبة',
    symptoms: 'الأعراض',
    diagnosis: 'التشخيص',
    resolution: 'الحل',
    notes: 'ملاحظات',
    parts: 'قطع الغيار المستخدمة',
    noParts: 'لم تُستخدم قطع غيار.',
    code: 'الرمز',
    item: 'الصنف',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    tax: 'الضريبة',
    lineTotal: 'الإجمالي',
    subtotal: 'المجموع قبل الضريبة',
    taxTotal: 'الضريبة',
    total: 'الإجمالي شامل الضريبة',
    photos: 'الصور',
    quality: 'فحص الجودة',
    notChecked: 'لم يُفحص بعد.',
    passed: 'ناجح',
    failed: 'غير ناجح',
    checkedBy: 'فحصه',
    rating: 'تقييم العميل',
    signatures: 'التوقيعات',
    technicianSignature: 'توقيع الفني',
    customerSignature: 'توقيع العميل',
    notSigned: 'غير موقّع',
    generated: 'أُصدر في',
    hours: 'ساعة',
    minutes: 'دقيقة',
  },
  en: {
    title: 'Service report',
    number: 'Request number',
    requestDate: 'Request date',
    status: 'Status',
    completedAt: 'Completed on',
    customer: 'Customer',
    name: 'Name',
    mobile: 'Mobile',
    email: 'Email',
    location: 'Service location',
    address: 'Address',
    device: 'Device',
    brandModel: 'Brand and model',
    serial: 'Serial number',
    warranty: 'Warranty',
    service: 'Service',
    serviceType: 'Service type',
    faultType: 'Fault type',
    priority: 'Priority',
    problem: 'Problem description',
    work: 'Work done',
    technician: 'Technician',
    startedAt: 'Work started',
    workLogged: 'Work logged',
    laborHours: 'Labor hours charged',
    symptoms: 'Symptoms',
    diagnosis: 'Diagnosis',
    resolution: 'Resolution',
    notes: 'Notes',
    parts: 'Parts used',
    noParts: 'No parts were used.',
    code: 'Code',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    tax: 'Tax',
    lineTotal: 'Total',
    subtotal: 'Subtotal',
    taxTotal: 'Tax',
    total: 'Total incl. tax',
    photos: 'Photos',
    quality: 'Quality check',
    notChecked: 'Not checked yet.',
    passed: 'Passed',
    failed: 'Failed',
    checkedBy: 'Checked by',
    rating: 'Customer rating',
    signatures: 'Signatures',
    technicianSignature: "Technician's signature",
    customerSignature: "Customer's signature",
    notSigned: 'Not signed',
    generated: 'Generated on',
    hours: 'h',
    minutes: 'min',
  },
} as const;
type Labels = (typeof LABELS)[Language];
const label = (l: Labels, key: string) => (l as Record<string, string>)[key] ?? key;

/** "2 h 05 min" / "2 ساعة 05 دقيقة". */
export function formatWorkDuration(seconds: number, l: Labels): string {
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)} ${l.hours} ${String(minutes % 60).padStart(2, '0')} ${l.minutes}`;
}

const styles = StyleSheet.create({
  page: { paddingTop: 32, paddingBottom: 44, paddingHorizontal: 36, fontSize: 9.5, fontFamily: PDF_FONT, color: '#111' },
  header: { borderBottomWidth: 1.5, borderBottomColor: '#111', paddingBottom: 6, marginBottom: 10, justifyContent: 'space-between' },
  company: { fontSize: 15, fontWeight: 700 },
  title: { fontSize: 12, color: '#333' },
  section: { marginBottom: 9 },
  sectionTitle: { fontSize: 11, fontWeight: 700, borderBottomWidth: 0.75, borderBottomColor: '#999', paddingBottom: 2, marginBottom: 4 },
  grid: { flexWrap: 'wrap' },
  cell: { width: '50%', paddingVertical: 2 },
  wide: { width: '100%', paddingVertical: 2 },
  muted: { color: '#555' },
  strong: { fontWeight: 700 },
  table: { borderWidth: 0.75, borderColor: '#999' },
  tr: { borderBottomWidth: 0.5, borderBottomColor: '#ccc', minHeight: 18, alignItems: 'center' },
  th: { backgroundColor: '#eee', fontWeight: 700 },
  td: { paddingHorizontal: 3, paddingVertical: 2 },
  totals: { marginTop: 4, width: '50%' },
  photos: { flexWrap: 'wrap', gap: 6 },
  photo: { width: 118, height: 88, objectFit: 'cover', borderWidth: 0.5, borderColor: '#999' },
  signatures: { justifyContent: 'space-between', marginTop: 4 },
  // A signature block: its label, the drawn signature, and the line it sits on. (A bordered box
  // lost its side borders on the left-hand block in react-pdf 4; a line alone reads as a form.)
  signBox: { width: '44%', minHeight: 90, borderBottomWidth: 1, borderBottomColor: '#111', paddingBottom: 4 },
  signature: { height: 60, objectFit: 'contain', marginTop: 4 },
  footer: { position: 'absolute', bottom: 18, left: 36, right: 36, fontSize: 7.5, color: '#777', justifyContent: 'space-between' },
});

const PART_COLUMNS = [
  { key: 'code', width: '15%', ltr: true },
  { key: 'item', width: '33%', ltr: false },
  { key: 'quantity', width: '10%', ltr: true },
  { key: 'unitPrice', width: '14%', ltr: true },
  { key: 'tax', width: '10%', ltr: true },
  { key: 'lineTotal', width: '18%', ltr: true },
] as const;

function serviceReport({ report, images, serviceTypes, faultTypes, lang }: ServiceReportInput): ReactElement<DocumentProps> {
  const l = LABELS[lang];
  const r = report.request;
  const { time_zone: timeZone, currency } = report.company;
  const { row, ltr, text, code, catalog } = pdfWriting(lang);
  const money = (amount: string) => `${amount} ${currency}`;

  /** A label and its value; `asCode` keeps the value left to right (serials, phones, dates). */
  const field = (name: string, value: string | null | undefined, opts: { wide?: boolean; asCode?: boolean } = {}) =>
    value
      ? h(
          View,
          { style: [opts.wide ? styles.wide : styles.cell, row], key: name },
          h(View, { style: { width: 96 } }, text(`${name}:`, styles.muted)),
          h(View, { style: { flex: 1, paddingHorizontal: 4 } }, opts.asCode ? code(value, styles.strong) : text(value, styles.strong)),
        )
      : null;
  const section = (title: string, ...children: ReactNode[]) =>
    h(View, { style: styles.section, wrap: false }, text(title, styles.sectionTitle), ...children);
  const grid = (...children: ReactNode[]) => h(View, { style: [styles.grid, row] }, ...children);

  const partCell = (i: number, content: ReactNode) => h(View, { style: [styles.td, { width: PART_COLUMNS[i]!.width }], key: i }, content);
  const partsTable = r.work.parts.length
    ? h(
        View,
        null,
        h(
          View,
          { style: styles.table },
          h(View, { style: [styles.tr, styles.th, row] }, ...PART_COLUMNS.map((c, i) => partCell(i, text(label(l, c.key))))),
          ...r.work.parts.map((p) =>
            h(
              View,
              { style: [styles.tr, row], key: p.id, wrap: false },
              partCell(0, code(p.item_code)),
              partCell(1, text(p.item_name)),
              // The unit by its name in the report's language, after the number in reading order.
              partCell(2, lang === 'ar' ? text(`${formatQuantity(p.quantity)} ${labelOf(lang, 'inventory.units', p.unit)}`) : code(`${formatQuantity(p.quantity)} ${labelOf(lang, 'inventory.units', p.unit)}`)),
              partCell(3, code(p.unit_price)),
              partCell(4, code(`${formatQuantity(p.tax_rate)}%`)),
              partCell(5, code(p.total)),
            ),
          ),
        ),
        h(
          View,
          { style: [row] },
          h(
            View,
            { style: styles.totals },
            ...[
              [l.subtotal, r.work.parts_totals.subtotal],
              [l.taxTotal, r.work.parts_totals.tax],
              [l.total, r.work.parts_totals.total],
            ].map(([name, amount], i) =>
              h(
                View,
                { style: [row, { justifyContent: 'space-between', paddingVertical: 1 }], key: name },
                text(name!, i === 2 ? styles.strong : styles.muted),
                code(money(amount!), i === 2 ? styles.strong : {}),
              ),
            ),
          ),
        ),
      )
    : text(l.noParts, styles.muted);

  const qc = r.quality_check;
  const signBox = (name: string, image: Buffer | null) =>
    h(
      View,
      { style: styles.signBox, key: name },
      text(name, styles.strong),
      image ? h(Image, { style: styles.signature, src: { data: image, format: 'png' } }) : text(l.notSigned, { ...styles.muted, marginTop: 20 }),
    );

  return h(
    Document,
    { title: `${r.number} — ${l.title}`, author: report.company.name, language: lang },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(
        View,
        { style: [styles.header, row] },
        h(View, null, text(report.company.name, styles.company), text(`${l.title} — ${r.number}`, styles.title)),
        h(View, null, code(report.company.support_phone, styles.muted)),
      ),
      section(
        l.service,
        grid(
          field(l.number, r.number, { asCode: true }),
          field(l.status, labelOf(lang, 'serviceRequests.status', r.status)),
          field(l.requestDate, formatDate(r.request_date, timeZone), { asCode: true }),
          field(l.completedAt, formatDate(r.completed_at, timeZone), { asCode: true }),
          field(l.serviceType, catalog(serviceTypes, r.service_type)),
          field(l.faultType, catalog(faultTypes, r.fault_type)),
          field(l.priority, labelOf(lang, 'serviceRequests.priority', r.priority)),
          field(l.location, labelOf(lang, 'serviceRequests.location', r.location)),
          field(l.problem, r.problem_description, { wide: true }),
        ),
      ),
      section(
        l.customer,
        grid(
          field(l.name, r.customer.name),
          field(l.mobile, r.customer.mobile_number, { asCode: true }),
          field(l.email, r.customer.email, { asCode: true }),
          field(l.address, r.address, { wide: true }),
        ),
      ),
      section(
        l.device,
        grid(
          field(l.brandModel, `${r.device.brand} ${r.device.model}`),
          field(l.serial, r.device.serial_number, { asCode: true }),
          field(l.warranty, labelOf(lang, 'serviceRequests.warranty', r.device.warranty_status)),
        ),
      ),
      section(
        l.work,
        grid(
          field(l.technician, r.technician?.name),
          field(l.startedAt, formatDate(r.work.started_at, timeZone), { asCode: true }),
          field(l.workLogged, formatWorkDuration(r.work.duration_seconds, l)),
          field(l.laborHours, r.work.labor_hours, { asCode: true }),
          field(l.symptoms, r.work.symptoms, { wide: true }),
          field(l.diagnosis, r.work.diagnosis, { wide: true }),
          field(l.resolution, r.work.resolution, { wide: true }),
          field(l.notes, r.work.diagnostic_notes, { wide: true }),
        ),
      ),
      h(View, { style: styles.section }, text(l.parts, styles.sectionTitle), partsTable),
      images.photos.length
        ? section(l.photos, h(View, { style: [styles.photos, row] }, ...images.photos.map((data, i) => h(Image, { key: i, style: styles.photo, src: { data, format: 'jpg' } }))))
        : null,
      section(
        l.quality,
        qc
          ? grid(
              field(l.quality, label(l, qc.result)),
              field(l.checkedBy, qc.checked_by?.name),
              field(l.notes, qc.notes, { wide: true }),
            )
          : text(l.notChecked, styles.muted),
        r.feedback ? grid(field(l.rating, `${r.feedback.rating} / 5`, { asCode: true }), field(l.notes, r.feedback.feedback, { wide: true })) : null,
      ),
      section(
        l.signatures,
        h(View, { style: [styles.signatures, row] }, signBox(l.technicianSignature, images.technicianSignature), signBox(l.customerSignature, images.customerSignature)),
      ),
      h(
        View,
        { style: [styles.footer, row], fixed: true },
        h(View, { style: [row] }, text(l.generated), code(formatDate(report.generated_at, timeZone), { marginHorizontal: 4 })),
        h(Text, {
          style: ltr,
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `${r.number} · ${pageNumber} / ${totalPages}`,
        }),
      ),
    ),
  );
}

export async function renderServiceReportPdf(input: ServiceReportInput): Promise<Buffer> {
  await registerPdfFonts();
  return renderToBuffer(serviceReport(input));
}
