import type { Language } from '@portal/shared';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The password-reset mail, in the user's language (English below Arabic as a courtesy). */
export function passwordResetMail(opts: { name: string; link: string; company: string; language: Language }) {
  const en = {
    subject: `${opts.company}: reset your password`,
    hello: `Hello ${opts.name},`,
    body: 'We received a request to reset your password. Open this link in the same browser to choose a new one. It works once and expires in one hour.',
    ignore: 'If you did not ask for this, you can ignore this message.',
  };
  const ar = {
    subject: `${opts.company}: إعادة تعيين كلمة المرور`,
    hello: `مرحباً ${opts.name}،`,
    body: 'تلقّينا طلباً لإعادة تعيين كلمة المرور. افتح هذا الرابط في المتصفح نفسه لاختيار كلمة مرور جديدة. يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة.',
    ignore: 'إذا لم تطلب ذلك فيمكنك تجاهل هذه الرسالة.',
  };
  const [first, second] = opts.language === 'ar' ? [ar, en] : [en, ar];
  const text = [first, second]
    .map((l) => `${l.hello}\n\n${l.body}\n\n${opts.link}\n\n${l.ignore}`)
    .join('\n\n-----\n\n');
  const block = (l: typeof en, dir: 'rtl' | 'ltr') =>
    `<div dir="${dir}"><p>${escapeHtml(l.hello)}</p><p>${escapeHtml(l.body)}</p>` +
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p><p>${escapeHtml(l.ignore)}</p></div>`;
  const html = block(first, first === ar ? 'rtl' : 'ltr') + '<hr>' + block(second, second === ar ? 'rtl' : 'ltr');
  return { subject: first.subject, text, html };
}

/** The welcome mail of an account an admin created: a one-time link to choose a password. */
export function welcomeMail(opts: { name: string; email: string; link: string; company: string; language: Language; days: number }) {
  const en = {
    subject: `${opts.company}: your account is ready`,
    hello: `Hello ${opts.name},`,
    body: `An account was created for you (${opts.email}). Open this link to choose your password; it works once and expires in ${opts.days} days.`,
    later: 'If the link has expired, use "Forgot password?" on the sign-in page.',
  };
  const ar = {
    subject: `${opts.company}: حسابك جاهز`,
    hello: `مرحباً ${opts.name}،`,
    body: `أُنشئ لك حساب (${opts.email}). افتح هذا الرابط لاختيار كلمة المرور؛ يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ${opts.days} أيام.`,
    later: 'إذا انتهت صلاحية الرابط فاستخدم «نسيت كلمة المرور؟» في صفحة تسجيل الدخول.',
  };
  const [first, second] = opts.language === 'ar' ? [ar, en] : [en, ar];
  const text = [first, second].map((l) => `${l.hello}\n\n${l.body}\n\n${opts.link}\n\n${l.later}`).join('\n\n-----\n\n');
  const block = (l: typeof en, dir: 'rtl' | 'ltr') =>
    `<div dir="${dir}"><p>${escapeHtml(l.hello)}</p><p>${escapeHtml(l.body)}</p>` +
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p><p>${escapeHtml(l.later)}</p></div>`;
  const html = block(first, first === ar ? 'rtl' : 'ltr') + '<hr>' + block(second, second === ar ? 'rtl' : 'ltr');
  return { subject: first.subject, text, html };
}

/**
 * Sign-in with a password was paused after many failed attempts (security issue #22): sent once
 * per pause to the account's owner. The time is in the company's zone; counts are "label: n"
 * lines, so the Arabic needs no number agreement.
 */
export function signInPausedMail(opts: {
  name: string;
  company: string;
  language: Language;
  failures: number;
  addresses: number;
  until: Date;
  timeZone: string;
  /** The "forgot password" page. */
  link: string;
}) {
  const when = (language: Language) => formatInZone(opts.until, language, opts.timeZone);
  const en = {
    subject: `${opts.company}: sign-in to your account was paused`,
    hello: `Hello ${opts.name},`,
    body: 'After many failed attempts to sign in to your account with a wrong password, we have paused signing in with a password for a while.',
    facts: [
      `Failed attempts: ${opts.failures}`,
      `Different network addresses they came from: ${opts.addresses}`,
      `Sign-in opens again at: ${when('en')}`,
    ],
    notYou:
      'If this was not you, someone may be trying to guess your password. You can reset it now with "Forgot password?" on the sign-in page; the new password works at once, even during the pause.',
  };
  const ar = {
    subject: `${opts.company}: أُوقف تسجيل الدخول إلى حسابك مؤقتاً`,
    hello: `مرحباً ${opts.name}،`,
    body: 'بعد محاولات كثيرة فاشلة لتسجيل الدخول إلى حسابك بكلمة مرور خاطئة، أوقفنا تسجيل الدخول بكلمة المرور لبعض الوقت.',
    facts: [
      `عدد المحاولات الفاشلة: ${opts.failures}`,
      `عدد عناوين الشبكة المختلفة التي جاءت منها: ${opts.addresses}`,
      `يُتاح تسجيل الدخول مجدداً في: ${when('ar')}`,
    ],
    notYou:
      'إذا لم تكن أنت، فربما يحاول أحدهم تخمين كلمة مرورك. يمكنك إعادة تعيينها الآن من «نسيت كلمة المرور؟» في صفحة تسجيل الدخول؛ وتعمل كلمة المرور الجديدة فوراً حتى أثناء الإيقاف.',
  };
  const [first, second] = opts.language === 'ar' ? [ar, en] : [en, ar];
  const text = [first, second]
    .map((l) => `${l.hello}\n\n${l.body}\n\n${l.facts.join('\n')}\n\n${l.notYou}\n\n${opts.link}`)
    .join('\n\n-----\n\n');
  const block = (l: typeof en, dir: 'rtl' | 'ltr') =>
    `<div dir="${dir}"><p>${escapeHtml(l.hello)}</p><p>${escapeHtml(l.body)}</p>` +
    `<ul>${l.facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul><p>${escapeHtml(l.notYou)}</p>` +
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p></div>`;
  const html = block(first, first === ar ? 'rtl' : 'ltr') + '<hr>' + block(second, second === ar ? 'rtl' : 'ltr');
  return { subject: first.subject, text, html };
}

/**
 * "Thursday, November 26, 2026 at 2:02 AM (Asia/Riyadh)": the language's words, Latin digits (as
 * the web app). The one server-side formatter of an instant for a reader — mails, and notifications
 * (which leave the zone out: the portal shows every time in the company's zone).
 */
export function formatInZone(date: Date, language: Language, timeZone: string, opts: { withZone?: boolean } = {}): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short', numberingSystem: 'latn' };
  for (const zone of [timeZone, 'UTC']) {
    try {
      const text = new Intl.DateTimeFormat(language, { ...options, timeZone: zone }).format(date);
      return opts.withZone === false && zone === timeZone ? text : `${text} (${zone})`;
    } catch {
      // Not a zone this runtime knows: UTC, and say so.
    }
  }
  return date.toISOString();
}
