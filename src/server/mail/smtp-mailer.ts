import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer';

// nodemailer is loaded with the first message, not with the server: most starts send none soon.
export function createSmtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send({ to, subject, text }) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(url));
      await (await transport).sendMail({ from, to, subject, text });
    },
  };
}
