import type { Transporter } from 'nodemailer';
import type { Mailer } from './message';

// nodemailer is loaded with the first message, not with the server: most starts send none soon.
export function createSmtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send({ to, subject, text, html }) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(url));
      // With both parts nodemailer builds multipart/alternative, so each client shows the one it can.
      await (await transport).sendMail({ from, to, subject, text, ...(html === undefined ? {} : { html }) });
    },
  };
}
