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
