import type { Transporter } from 'nodemailer';
import type { MailAttachment, Mailer } from './message';

// nodemailer is loaded with the first message, not with the server: most starts send none soon.
export function createSmtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send({ to, subject, text, html, attachments = [] }) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(url));
      // With both parts nodemailer builds multipart/alternative, so each client shows the one it can;
      // with attachments it wraps that in multipart/mixed, the files beside it.
      await (
        await transport
      ).sendMail({
        from,
        to,
        subject,
        text,
        ...(html === undefined ? {} : { html }),
        ...(attachments.length === 0 ? {} : { attachments: attachments.map(toNodemailer) }),
      });
    },
  };
}

/**
 * Base64 keeps a file byte for byte: quoted-printable would do for text, but relays that rewrite
 * line ends could break a format (iCalendar) whose lines must end in CRLF.
 */
function toNodemailer(attachment: MailAttachment) {
  return {
    filename: attachment.filename,
    contentType: attachment.contentType,
    content: Buffer.from(attachment.content, 'utf8'),
    contentTransferEncoding: 'base64' as const,
  };
}
