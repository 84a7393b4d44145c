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
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file in the outbox
 * folder (nodemailer builds the same raw message either way) and its links are logged.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
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
