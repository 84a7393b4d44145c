import type { Language, TCatalogEntry, TServiceRequestSummary } from '@portal/shared';
import { toCsv } from '../../lib/csv.js';
import { formatDate } from '../../lib/documents.js';
import { labelOf } from '../../lib/labels.js';

/** At most this many rows in one export: beyond it, filter. */
export const EXPORT_MAX_ROWS = 10_000;

const HEADERS: Record<Language, string[]> = {
  en: [
    'Number',
    'Request date',
    'Status',
    'Priority',
    'Location',
    'Service type',
    'Fault type',
    'Customer',
    'Technician',
    'Brand',
    'Model',
    'Serial number',
    'Problem',
    'Assigned at',
    'First response at',
    'Completed at',
    'Rating',
  ],
  ar: [
    'رقم الطلب',
    'تاريخ الطلب',
    'الحالة',
    'الأولوية',
    'مكان الخدمة',
    'نوع الخدمة',
    'نوع العطل',
    'العميل',
    'الفني',
    'الماركة',
    'الموديل',
    'الرقم التسلسلي',
    'وصف المشكلة',
    'تاريخ الإسناد',
    'أول استجابة',
    'تاريخ الإنجاز',
    'التقييم',
  ],
};

export interface RequestsCsvInput {
  rows: TServiceRequestSummary[];
  lang: Language;
  timeZone: string;
  serviceTypes: TCatalogEntry[];
  faultTypes: TCatalogEntry[];
}

/** The filtered list as CSV: UTF-8 with a BOM (so spreadsheets show Arabic), headers and values in `lang`. */
export function renderRequestsCsv({ rows, lang, timeZone, serviceTypes, faultTypes }: RequestsCsvInput): string {
  const name = (list: TCatalogEntry[], code: string) => {
    const e = list.find((x) => x.code === code);
    return e ? (lang === 'ar' ? e.name_ar : e.name_en) : code;
  };
  const lines = [
    HEADERS[lang],
    ...rows.map((r) => [
      r.number,
      formatDate(r.request_date, timeZone),
      labelOf(lang, 'serviceRequests.status', r.status),
      labelOf(lang, 'serviceRequests.priority', r.priority),
      labelOf(lang, 'serviceRequests.location', r.location),
      name(serviceTypes, r.service_type),
      name(faultTypes, r.fault_type),
      r.customer.name,
      r.technician?.name ?? '',
      r.device.brand,
      r.device.model,
      r.device.serial_number ?? '',
      r.problem_description,
      formatDate(r.assigned_at, timeZone),
      formatDate(r.first_response_at, timeZone),
      formatDate(r.completed_at, timeZone),
      r.rating === null ? '' : String(r.rating),
    ]),
  ];
  return toCsv(lines);
}
