import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import type { Language, ReceiptSize, TCatalogEntry, TServiceRequest } from '@portal/shared';
import { formatDate } from '../../lib/documents.js';
import { PDF_FONT, registerPdfFonts } from '../../lib/pdf-fonts.js';
import { labelOf } from '../../lib/labels.js';
import { pdfWriting } from '../../lib/pdf-writing.js';

/**
 * The intake receipt of one request (issue #28): what the counter hands the customer when a
 * device is left — the company, the number, the date, the customer, the device, the problem, the
 * accessories left with it, the company's terms and a QR code of the request's tracking link.
 * Two layouts: A4, and an 80 mm thermal roll (one narrow column, a larger QR, the page as long
 * as its content). Built like the service report: Cairo, one paragraph direction per page, free
 * text in the direction of its first letter, codes and links always left to right.
 */

export interface IntakeReceiptInput {
  request: TServiceRequest;
  company: { name: string; time_zone: string };
  serviceTypes: TCatalogEntry[];
  faultTypes: TCatalogEntry[];
  /** The terms in the receipt's language (may be empty). */
  terms: string;
  trackingUrl: string;
  /** The tracking link as a QR code (PNG). */
  qr: Buffer;
  lang: Language;
  size: ReceiptSize;
}

const LABELS = {
  ar: {
    title: 'إيصال استلام جهاز',
    number: 'رقم الطلب',
    date: 'تاريخ الاستلام',
    customer: 'العميل',
    name: 'الاسم',
    mobile: 'الجوال',
    device: 'الجهاز',
    brandModel: 'الماركة والموديل',
    serial: 'الرقم التسلسلي',
    service: 'الخدمة',
    serviceType: 'نوع الخدمة',
    location: 'مكان الخدمة',
    faultType: 'نوع العطل',
    problem: 'وصف المشكلة',
    accessories: 'الملحقات المستلمة',
    noAccessories: 'لا توجد',
    terms: 'الشروط والأحكام',
    track: 'تابع حالة طلبك بمسح الرمز',
  },
  en: {
    title: 'Intake receipt',
    number: 'Request number',
    date: 'Received on',
    customer: 'Customer',
    name: 'Name',
    mobile: 'Mobile',
    device: 'Device',
    brandModel: 'Brand and model',
    serial: 'Serial number',
    service: 'Service',
    serviceType: 'Service type',
    location: 'Service location',
    faultType: 'Fault type',
    problem: 'Problem description',
    accessories: 'Accessories left',
    noAccessories: 'None',
    terms: 'Terms and conditions',
    track: 'Scan the code to follow your request',
  },
} as const;

/** An 80 mm roll is 226.77 pt wide. */
export const ROLL_WIDTH_PT = (80 / 25.4) * 72;

const LAYOUT = {
  a4: { padding: 36, font: 10, company: 16, title: 12.5, section: 11, labelWidth: 110, qr: 118, link: 8, half: true },
  '80mm': { padding: 10, font: 8.5, company: 12, title: 10, section: 9, labelWidth: 68, qr: 150, link: 6.5, half: false },
} as const;

const styles = StyleSheet.create({
  header: { borderBottomWidth: 1.5, borderBottomColor: '#111', paddingBottom: 6, marginBottom: 8 },
  strong: { fontWeight: 700 },
  muted: { color: '#444' },
  section: { marginBottom: 7 },
  sectionTitle: { fontWeight: 700, borderBottomWidth: 0.75, borderBottomColor: '#999', paddingBottom: 2, marginBottom: 3 },
  grid: { flexWrap: 'wrap' },
  qrBlock: { alignItems: 'center', marginTop: 6, paddingTop: 6, borderTopWidth: 0.75, borderTopColor: '#999' },
});

function intakeReceipt(input: IntakeReceiptInput): ReactElement<DocumentProps> {
  const { request: r, company, lang, size } = input;
  const l = LABELS[lang];
  const z = LAYOUT[size];
  const { row, text, code, catalog } = pdfWriting(lang);

  /** A label and its value; `asCode` keeps the value left to right (numbers, serials, phones, dates). */
  const field = (name: string, value: string | null | undefined, opts: { wide?: boolean; asCode?: boolean } = {}) =>
    value
      ? h(
          View,
          { style: [{ width: z.half && !opts.wide ? '50%' : '100%', paddingVertical: 1.5 }, row], key: name },
          h(View, { style: { width: z.labelWidth } }, text(`${name}:`, styles.muted)),
          h(View, { style: { flex: 1, paddingHorizontal: 4 } }, opts.asCode ? code(value, styles.strong) : text(value, styles.strong)),
        )
      : null;
  /** A titled block; free text too long for a label's side (problem, accessories, terms) goes under its title. */
  const section = (title: string, ...children: ReactNode[]) =>
    h(View, { style: styles.section, wrap: false }, text(title, { ...styles.sectionTitle, fontSize: z.section }), ...children);
  const grid = (...children: ReactNode[]) => h(View, { style: [styles.grid, row] }, ...children);

  const qr = h(
    View,
    { style: styles.qrBlock, wrap: false },
    text(l.track, { ...styles.strong, textAlign: 'center', marginBottom: 3 }),
    h(Image, { src: { data: input.qr, format: 'png' }, style: { width: z.qr, height: z.qr } }),
    h(Text, { style: { direction: 'ltr', textAlign: 'center', fontSize: z.link, marginTop: 3 } }, input.trackingUrl),
  );

  const body = [
    h(
      View,
      { style: styles.header, key: 'header' },
      text(company.name, { ...styles.strong, fontSize: z.company }),
      text(l.title, { fontSize: z.title, color: '#333' }),
    ),
    section(
      l.service,
      grid(
        field(l.number, r.number, { asCode: true }),
        field(l.date, formatDate(r.request_date, company.time_zone), { asCode: true }),
        field(l.serviceType, catalog(input.serviceTypes, r.service_type)),
        field(l.location, labelOf(lang, 'serviceRequests.location', r.location)),
        field(l.faultType, catalog(input.faultTypes, r.fault_type)),
      ),
    ),
    section(l.customer, grid(field(l.name, r.customer.name), field(l.mobile, r.customer.mobile_number, { asCode: true }))),
    section(
      l.device,
      grid(field(l.brandModel, `${r.device.brand} ${r.device.model}`), field(l.serial, r.device.serial_number, { asCode: true })),
    ),
    section(l.problem, text(r.problem_description)),
    section(l.accessories, r.accessories ? text(r.accessories) : text(l.noAccessories, styles.muted)),
    input.terms ? section(l.terms, text(input.terms, { fontSize: z.font - 1, color: '#222' })) : null,
    qr,
  ];

  const pageStyle = { padding: z.padding, fontSize: z.font, fontFamily: PDF_FONT, color: '#111' };
  return h(
    Document,
    { title: `${r.number} — ${l.title}`, author: company.name, language: lang },
    size === 'a4'
      ? h(Page, { size: 'A4', style: pageStyle }, ...body)
      : // Only the width, and never split: react-pdf makes the page as tall as what it holds (a receipt is one piece of roll).
        h(Page, { size: { width: ROLL_WIDTH_PT }, wrap: false, style: pageStyle }, ...body),
  );
}

export async function renderIntakeReceiptPdf(input: IntakeReceiptInput): Promise<Buffer> {
  await registerPdfFonts();
  return renderToBuffer(intakeReceipt(input));
}
