import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Sends through SMTP_URL when set; otherwise writes the mail to the server log (development). */
export function createMailer(smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info({ to: mail.to, subject: mail.subject }, `mail (SMTP_URL not set, not sent):\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
