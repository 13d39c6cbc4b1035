import nodemailer from 'nodemailer';
import type { MailSettings } from '../../platform/config/loadConfig';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the outbox hands its mails: SMTP in the app, anything in a test. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer: smtp:// upgrades with STARTTLS when the server offers it, smtps:// is TLS from the start. */
export function createSmtpTransport(settings: MailSettings): MailTransport {
  const transporter = nodemailer.createTransport(settings.smtpUrl, { from: settings.from });
  // a dead or silent server fails the attempt soon; the outbox tries again later
  Object.assign(transporter.options, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({ from: settings.from, ...mail });
    },
    close: () => transporter.close(),
  };
}
