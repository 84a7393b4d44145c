import type { EmailKind } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { customerMail, type CustomerMailInput } from '../../mail/customer-templates.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { JobHandler } from '../jobs/index.js';
import type { AppointmentMailEvent } from '../notifications/index.js';
import { serviceReportPdfOf } from '../reports/index.js';
import { loadRequest, trackingTokenOf, trackingUrl } from '../service-requests/index.js';
import { getSettings } from '../settings/index.js';
import { findMailAppointment, findMailRequest, hasOptedOut } from './queries.js';
import { unsubscribeTokenOf, unsubscribeUrl } from './unsubscribe-token.js';

/** The job's payload, as notifications' enqueueCustomerMail wrote it. */
interface Payload {
  kind: EmailKind;
  requestId: string;
  appointmentId?: string;
  event?: AppointmentMailEvent;
  startsAt?: string;
}

/** The request detail page's feedback section (apps/web/src/lib/paths.ts: serviceRequest). */
const feedbackUrl = (origin: string, requestId: string) => `${origin}/dashboard/service-requests/${encodeURIComponent(requestId)}#feedback`;

const firstName = (name: string | null | undefined) => (name ? (name.trim().split(/\s+/)[0] ?? null) : null);

/**
 * Sends one customer e-mail (issue #28), in the job's transaction (use only `tx`): reads the
 * request and its customer, honours their choice for the kind (a row in `email_opt_outs` = in-app
 * only), builds the mail in their language and sends it. A failure throws: the runner retries
 * with back-off, long after the action that caused it committed. The runner's lock and done mark
 * make it one message however many instances run.
 *
 * Nothing to send (the customer chose in-app only, their account is disabled, an appointment
 * moved or was cancelled since — its own mail tells that) ends the job quietly.
 */
export function customerMailJob(ctx: Pick<AppContext, 'config' | 'mailer'>): JobHandler {
  const origin = ctx.config.publicOrigin;
  return async (tx, job) => {
    const p = job.payload as unknown as Payload;
    const r = await findMailRequest(tx, p.requestId);
    if (!r || !r.active) return;
    if (await hasOptedOut(tx, r.customer_id, p.kind)) return;

    let appointment: CustomerMailInput['appointment'] = null;
    let technician = firstName(r.technician_name);
    if (p.appointmentId) {
      const a = await findMailAppointment(tx, p.appointmentId);
      if (!a) return;
      const event = p.kind === 'appointment_reminder' ? 'reminder' : (p.event ?? 'booked');
      const moved = p.startsAt !== undefined && a.starts_ms !== Date.parse(p.startsAt);
      const live = a.status === 'scheduled' || a.status === 'confirmed';
      // A reminder, booking or move that is no longer true says nothing; a later mail tells the change.
      if (event !== 'cancelled' && (moved || !live)) return;
      appointment = { event, startsAt: new Date(a.starts_ms), endsAt: new Date(a.ends_ms), home: a.service_kind === 'home' };
      technician = firstName(a.technician_name);
    }

    const { company_name, time_zone } = await getSettings(tx, ['company_name', 'time_zone']);
    const trackingLink = trackingUrl(origin, await trackingTokenOf(tx, r.id));
    const unsubscribeLink = unsubscribeUrl(origin, await unsubscribeTokenOf(tx, r.customer_id));

    let attachments: MailMessage['attachments'];
    if (p.kind === 'completed') {
      // The report as the customer reads it (their view of the request), in their language.
      const request = await loadRequest(tx, { userId: r.customer_id, role: 'customer', ip: null }, r.id);
      const pdf = await serviceReportPdfOf(tx, request, r.language);
      attachments = [{ filename: pdf.fileName, content: pdf.body, contentType: 'application/pdf' }];
    }

    const mail = customerMail({
      kind: p.kind,
      language: r.language,
      company: company_name,
      timeZone: time_zone,
      name: r.customer_name,
      number: r.number,
      device: r.device,
      technician,
      appointment,
      trackingLink,
      feedbackLink: p.kind === 'completed' ? feedbackUrl(origin, r.id) : undefined,
      unsubscribeLink,
      reportAttached: !!attachments,
    });
    await ctx.mailer.send({ to: r.email, ...mail, attachments });
  };
}
