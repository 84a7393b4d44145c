import type { TImportError } from '@portal/shared';

/**
 * The words of an import report. A report is read by the admin who ran the import, in their
 * language (the user's `language`), so each error carries its message; the code stays stable
 * for the web app and for scripts.
 */
export type Language = 'ar' | 'en';

type Params = Record<string, string | number>;
type Words = Record<Language, string>;

/** One message per error code; `{name}` takes a parameter. */
const CODES: Record<string, Words> = {
  required: { ar: 'مطلوب', en: 'Required' },
  invalid: { ar: 'قيمة غير صالحة', en: 'Not a valid value' },
  invalid_email: { ar: 'بريد إلكتروني غير صالح', en: 'Not a valid email address' },
  invalid_mobile: { ar: 'رقم جوال غير صالح: أرقام مع + في أوله اختيارياً، ومسافات أو شرطات', en: 'Not a valid mobile number: digits, an optional leading +, spaces or dashes' },
  too_short: { ar: 'أقصر من المسموح', en: 'Too short' },
  too_long: { ar: 'أطول من المسموح', en: 'Too long' },
  out_of_range: { ar: 'خارج النطاق المسموح', en: 'Out of range' },
  duplicate: { ar: 'مكرر: ورد من قبل في الصف {first}', en: 'Duplicate: already in row {first}' },
  not_found: { ar: 'غير موجود', en: 'Not found' },
  formula: {
    ar: 'تبدأ الخلية بـ = أو + أو - أو @ وليست رقماً: قد ينفذها برنامج الجداول كصيغة',
    en: 'Starts with = + - or @ and is not a number: a spreadsheet would run it as a formula',
  },
  conflict: { ar: 'هذا البريد لحساب من نوع آخر (ليس عميلاً)، ولن يُغيَّر', en: 'This email belongs to another kind of account (not a customer); it is left unchanged' },
  inactive: { ar: 'معطّل: لا يمكن تغيير المخزون', en: 'Deactivated: stock cannot change' },
  cell_count: { ar: 'عدد الخلايا في هذا الصف {found}، وفي صف العناوين {expected}', en: 'This row has {found} cells; the header has {expected}' },
  empty_file: { ar: 'الملف فارغ', en: 'The file is empty' },
  too_many_rows: { ar: 'في الملف أكثر من {max} صف: قسّمه إلى ملفات أصغر', en: 'The file has more than {max} rows: split it into smaller files' },
  malformed: { ar: 'تعذرت قراءة الملف كـ CSV من هذا الصف: {reason}', en: 'The file cannot be read as CSV from this row on: {reason}' },
  changed_meanwhile: { ar: 'تغيّرت البيانات أثناء الاستيراد: أعد المحاولة', en: 'The data changed while importing: try again' },
};

/**
 * Column-specific wording where it helps (what the value must look like, what was not found):
 * `code:column` replaces the code's general message.
 */
const BY_COLUMN: Record<string, Words> = {
  'invalid:code': { ar: 'رمز غير صالح: أحرف لاتينية وأرقام و . _ / - ويبدأ بحرف أو رقم', en: 'Not a valid code: letters, digits and . _ / - , starting with a letter or digit' },
  'invalid:price': { ar: 'سعر غير صالح: رقم ≥ 0 بخانتين عشريتين على الأكثر', en: 'Not a valid price: a number ≥ 0 with at most 2 decimal places' },
  'invalid:tax_rate': { ar: 'نسبة ضريبة غير صالحة: من 0 إلى 100 بخانتين عشريتين على الأكثر', en: 'Not a valid tax rate: 0 to 100 with at most 2 decimal places' },
  'invalid:min_quantity': { ar: 'كمية غير صالحة: رقم ≥ 0 بثلاث خانات عشرية على الأكثر', en: 'Not a valid quantity: a number ≥ 0 with at most 3 decimal places' },
  'invalid:quantity': { ar: 'كمية غير صالحة: رقم ≥ 0 بثلاث خانات عشرية على الأكثر', en: 'Not a valid quantity: a number ≥ 0 with at most 3 decimal places' },
  'invalid:active': { ar: 'قيمة غير صالحة: true أو false أو yes أو no أو 1 أو 0', en: 'Not a valid value: true, false, yes, no, 1 or 0' },
  'not_found:item_code': { ar: 'لا يوجد صنف بهذا الرمز', en: 'No item has this code' },
  'not_found:warehouse_code': { ar: 'لا يوجد مستودع بهذا الرمز', en: 'No warehouse has this code' },
  'inactive:item_code': { ar: 'الصنف معطّل: لا يمكن تغيير مخزونه', en: 'The item is deactivated: its stock cannot change' },
  'inactive:warehouse_code': { ar: 'المستودع معطّل: لا يمكن تغيير مخزونه', en: 'The warehouse is deactivated: its stock cannot change' },
};

const fill = (text: string, params: Params) => text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));

export function importMessage(language: Language, code: string, column: string | null, params: Params = {}): string {
  const words = (column ? BY_COLUMN[`${code}:${column}`] : undefined) ?? CODES[code] ?? CODES.invalid!;
  return fill(words[language], params);
}

/** A problem found in a row, before it is worded. */
export interface Problem {
  column: string | null;
  code: string;
  params?: Params;
}

export const toImportError = (language: Language, row: number, p: Problem): TImportError => ({
  row,
  column: p.column,
  code: p.code,
  message: importMessage(language, p.code, p.column, p.params),
});

/** Why an import as a whole did not write (its row errors are in its report). */
const JOB: Record<'refused' | 'stale' | 'crashed', Words> = {
  refused: { ar: 'في الملف أخطاء: لم يُكتب شيء. صحّحها ثم استورد الملف من جديد', en: 'The file has errors: nothing was written. Correct them and import the file again' },
  stale: { ar: 'توقف الاستيراد: توقف الخادم الذي كان يشغّله قبل أن ينتهي', en: 'The import stopped: the server running it stopped before it finished' },
  crashed: { ar: 'توقف الاستيراد بسبب خطأ في الخادم: لم يُكتب شيء', en: 'The import stopped because of an error on the server: nothing was written' },
};

export const jobMessage = (language: Language, what: keyof typeof JOB) => JOB[what][language];
