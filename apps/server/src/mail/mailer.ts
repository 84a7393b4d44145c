import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Logged when mail goes to the outbox, so a developer can follow it without a mail client. */
  links?: string[];
  /** Files sent with the message (the service report PDF of a completed request). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Seconds rather than nodemailer's minutes (2 min to connect, 10 min of silence) unless the URL
 * sets its own: a customer e-mail is sent inside its job's transaction, which on PGlite holds the
 * one connection, so a mail server that hangs must fail the job soon (it is retried later).
 */
function withTimeouts(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    const defaults = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };
    for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    return url.toString();
  } catch {
    return smtpUrl;
  }
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file in the outbox
 * folder (nodemailer builds the same raw message either way) and its links are logged.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  // The same message either way; only where it goes differs.
  const envelope = (message: MailMessage) => ({
    from: opts.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
  });
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(withTimeouts(opts.smtpUrl));
    return {
      async send(message) {
        await transport.sendMail(envelope(message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message));
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 16)}.eml`);
      // Written aside and renamed into place: whoever reads the outbox never sees half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      opts.log.info({ to: message.to, file, links: message.links }, `mail written to outbox: ${message.subject}`);
    },
  };
}
