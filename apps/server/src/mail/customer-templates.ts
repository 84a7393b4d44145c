import type { EmailKind, Language } from '@portal/shared';
import { formatInZone } from './templates.js';

/**
 * The customer e-mails of issue #28, each in the recipient's language only: Arabic as
 * right-to-left HTML (`<html dir="rtl" lang="ar">`), English left to right, each with a
 * plain-text part. Request numbers are isolated left to right (`<bdi dir="ltr">` in HTML,
 * U+2066…U+2069 in text) so "SR-2026-00012" never reads backwards inside Arabic; times are in
 * the company's zone. Every mail ends with the unsubscribe link.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A fragment of a sentence: plain words, a value kept left to right (a number), or free text in its own direction (a device). */
type Part = string | { ltr: string } | { auto: string };
type Line = Part[];

/** Plain text: in Arabic, the isolates (LRI/FSI … PDI) keep a number or a Latin device name whole. */
const textOf = (line: Line, language: Language) =>
  line
    .map((p) => {
      if (typeof p === 'string') return p;
      const value = 'ltr' in p ? p.ltr : p.auto;
      return language === 'ar' ? `${'ltr' in p ? '\u2066' : '\u2068'}${value}\u2069` : value;
    })
    .join('');
const htmlOf = (line: Line) =>
  line.map((p) => (typeof p === 'string' ? escapeHtml(p) : 'ltr' in p ? `<bdi dir="ltr">${escapeHtml(p.ltr)}</bdi>` : `<bdi>${escapeHtml(p.auto)}</bdi>`)).join('');

export interface CustomerMailInput {
  kind: EmailKind;
  language: Language;
  company: string;
  timeZone: string;
  name: string;
  number: string;
  device: string;
  /** The technician's first name (on the way; appointments). */
  technician?: string | null;
  appointment?: { event: 'booked' | 'rescheduled' | 'cancelled' | 'reminder'; startsAt: Date; endsAt: Date; home: boolean } | null;
  trackingLink: string;
  /** The completed mail: the request's feedback section. */
  feedbackLink?: string;
  unsubscribeLink: string;
  /** The completed mail says the report is attached only when it is. */
  reportAttached?: boolean;
}

interface Words {
  subject: string;
  hello: string;
  lines: Line[];
  /** A link with its call to action, after the lines. */
  action?: { label: string; href: string };
}

function windowOf(i: CustomerMailInput, language: Language): string {
  const a = i.appointment!;
  const end = new Intl.DateTimeFormat(language, { timeStyle: 'short', numberingSystem: 'latn', timeZone: zoneOr(i.timeZone) }).format(a.endsAt);
  const start = formatInZone(a.startsAt, language, i.timeZone, { withZone: false });
  return `${start} – ${end}`;
}

function zoneOr(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

function english(i: CustomerMailInput): Words {
  const n = { ltr: i.number };
  const d = { auto: i.device };
  const c = i.company;
  const who = i.technician ? `${i.technician}, our technician,` : 'Our technician';
  switch (i.kind) {
    case 'request_received':
      return {
        subject: `${c}: we received your request ${i.number}`,
        hello: `Hello ${i.name},`,
        lines: [['We received your service request ', n, ' for ', d, '.'], ['You can follow its progress at any time with this link, without signing in:']],
        action: { label: 'Track your request', href: i.trackingLink },
      };
    case 'appointment': {
      const a = i.appointment!;
      const when = windowOf(i, 'en');
      const lines: Line[] =
        a.event === 'cancelled'
          ? [['Your appointment on ', when, ' for request ', n, ' was cancelled.'], ['If you still need us, book a new time in the portal or call us.']]
          : a.event === 'rescheduled'
            ? [['Your appointment for request ', n, ' was moved to ', when, '.']]
            : [['Your appointment for request ', n, ' is booked for ', when, '.']];
      if (a.event !== 'cancelled' && i.technician) lines.push([`Your technician: ${i.technician}.`]);
      const subject =
        a.event === 'cancelled' ? `${c}: your appointment was cancelled` : a.event === 'rescheduled' ? `${c}: your appointment was moved` : `${c}: your appointment is booked`;
      return { subject, hello: `Hello ${i.name},`, lines, action: { label: 'Track your request', href: i.trackingLink } };
    }
    case 'appointment_reminder':
      return {
        subject: `${c}: reminder of your appointment tomorrow`,
        hello: `Hello ${i.name},`,
        lines: [
          ['A reminder: your appointment for request ', n, ` is on ${windowOf(i, 'en')}.`],
          ...(i.appointment?.home ? [['Please make sure someone is at the address to let the technician in.'] as Line] : []),
        ],
        action: { label: 'Track your request', href: i.trackingLink },
      };
    case 'on_the_way':
      return {
        subject: `${c}: your technician is on the way`,
        hello: `Hello ${i.name},`,
        lines: [[`${who} is on the way to you for request `, n, '.']],
        action: { label: 'Track your request', href: i.trackingLink },
      };
    case 'pending_parts':
      return {
        subject: `${c}: your request ${i.number} is waiting for parts`,
        hello: `Hello ${i.name},`,
        lines: [['Your request ', n, ' (', d, ') is waiting for parts.'], ['We will carry on as soon as they arrive; you can follow it with this link.']],
        action: { label: 'Track your request', href: i.trackingLink },
      };
    case 'completed':
      return {
        subject: `${c}: your request ${i.number} is completed`,
        hello: `Hello ${i.name},`,
        lines: [
          ['The work on your request ', n, ' (', d, ') is completed.'],
          ...(i.reportAttached ? [['The service report is attached to this e-mail.'] as Line] : []),
          ['How did we do? Your feedback takes a minute:'],
        ],
        action: { label: 'Give feedback', href: i.feedbackLink ?? i.trackingLink },
      };
  }
}

function arabic(i: CustomerMailInput): Words {
  const n = { ltr: i.number };
  const d = { auto: i.device };
  const c = i.company;
  const who = i.technician ? `الفني ${i.technician}` : 'الفني';
  switch (i.kind) {
    case 'request_received':
      return {
        subject: `${c}: استلمنا طلبك ${i.number}`,
        hello: `مرحباً ${i.name}،`,
        lines: [['استلمنا طلب الخدمة رقم ', n, ' للجهاز ', d, '.'], ['يمكنك متابعة حالته في أي وقت من هذا الرابط دون تسجيل الدخول:']],
        action: { label: 'تتبّع طلبك', href: i.trackingLink },
      };
    case 'appointment': {
      const a = i.appointment!;
      const when = windowOf(i, 'ar');
      const lines: Line[] =
        a.event === 'cancelled'
          ? [['أُلغي موعدك في ', when, ' للطلب ', n, '.'], ['إن كنت ما زلت بحاجة إلينا فاحجز موعداً جديداً من البوابة أو اتصل بنا.']]
          : a.event === 'rescheduled'
            ? [['نُقل موعد طلبك ', n, ' إلى ', when, '.']]
            : [['حُجز موعد طلبك ', n, ' في ', when, '.']];
      if (a.event !== 'cancelled' && i.technician) lines.push([`الفني: ${i.technician}.`]);
      const subject = a.event === 'cancelled' ? `${c}: أُلغي موعدك` : a.event === 'rescheduled' ? `${c}: تغيّر موعدك` : `${c}: تم حجز موعدك`;
      return { subject, hello: `مرحباً ${i.name}،`, lines, action: { label: 'تتبّع طلبك', href: i.trackingLink } };
    }
    case 'appointment_reminder':
      return {
        subject: `${c}: تذكير بموعدك غداً`,
        hello: `مرحباً ${i.name}،`,
        lines: [
          ['نذكّرك بأن موعد طلبك ', n, ` في ${windowOf(i, 'ar')}.`],
          ...(i.appointment?.home ? [['يُرجى التأكد من وجود من يستقبل الفني في العنوان.'] as Line] : []),
        ],
        action: { label: 'تتبّع طلبك', href: i.trackingLink },
      };
    case 'on_the_way':
      return {
        subject: `${c}: الفني في الطريق إليك`,
        hello: `مرحباً ${i.name}،`,
        lines: [[`${who} في الطريق إليك من أجل الطلب `, n, '.']],
        action: { label: 'تتبّع طلبك', href: i.trackingLink },
      };
    case 'pending_parts':
      return {
        subject: `${c}: طلبك ${i.number} بانتظار قطع الغيار`,
        hello: `مرحباً ${i.name}،`,
        lines: [['طلبك ', n, ' (', d, ') بانتظار قطع الغيار.'], ['سنتابع العمل فور وصولها، ويمكنك متابعته من هذا الرابط.']],
        action: { label: 'تتبّع طلبك', href: i.trackingLink },
      };
    case 'completed':
      return {
        subject: `${c}: اكتمل طلبك ${i.number}`,
        hello: `مرحباً ${i.name}،`,
        lines: [
          ['اكتمل العمل على طلبك ', n, ' (', d, ').'],
          ...(i.reportAttached ? [['تقرير الخدمة مرفق بهذه الرسالة.'] as Line] : []),
          ['كيف كانت خدمتنا؟ رأيك يستغرق دقيقة:'],
        ],
        action: { label: 'شاركنا رأيك', href: i.feedbackLink ?? i.trackingLink },
      };
  }
}

const FOOTER = {
  en: { track: 'Follow your request:', unsubscribe: 'Do not want these e-mails? Unsubscribe:', sent: (c: string) => `Sent by ${c}.` },
  ar: { track: 'تابع طلبك:', unsubscribe: 'لا تريد هذه الرسائل؟ إلغاء الاشتراك:', sent: (c: string) => `أُرسلت من ${c}.` },
};

/** One customer e-mail: subject, plain text and HTML in the recipient's language, and its links. */
export function customerMail(i: CustomerMailInput): { subject: string; text: string; html: string; links: string[] } {
  const w = i.language === 'ar' ? arabic(i) : english(i);
  const f = FOOTER[i.language];
  const dir = i.language === 'ar' ? 'rtl' : 'ltr';
  const showTracking = w.action?.href !== i.trackingLink;

  const text = [
    w.hello,
    '',
    ...w.lines.map((l) => textOf(l, i.language)),
    ...(w.action ? ['', `${w.action.label}: ${w.action.href}`] : []),
    ...(showTracking ? ['', `${f.track} ${i.trackingLink}`] : []),
    '',
    '-----',
    f.sent(i.company),
    `${f.unsubscribe} ${i.unsubscribeLink}`,
    '',
  ].join('\n');

  const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  // An address shown as text reads left to right inside Arabic.
  const url = (href: string) => `<span dir="ltr">${a(href, href)}</span>`;
  const html =
    `<!doctype html><html dir="${dir}" lang="${i.language}"><head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>` +
    `<body dir="${dir}" style="font-family: Tahoma, Arial, sans-serif; line-height: 1.6; text-align: ${dir === 'rtl' ? 'right' : 'left'}">` +
    `<p>${escapeHtml(w.hello)}</p>` +
    w.lines.map((l) => `<p>${htmlOf(l)}</p>`).join('') +
    (w.action ? `<p>${a(w.action.href, w.action.label)}<br>${url(w.action.href)}</p>` : '') +
    (showTracking ? `<p>${escapeHtml(f.track)} ${url(i.trackingLink)}</p>` : '') +
    `<hr><p style="font-size: 12px; color: #666">${escapeHtml(f.sent(i.company))}<br>${escapeHtml(f.unsubscribe)} ${url(i.unsubscribeLink)}</p>` +
    `</body></html>`;

  const links = [w.action?.href, showTracking ? i.trackingLink : undefined, i.unsubscribeLink].filter((l): l is string => !!l);
  return { subject: w.subject, text, html, links };
}
