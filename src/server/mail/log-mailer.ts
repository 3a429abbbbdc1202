import type { Logger } from '../log';
import type { Mailer } from './message';

// Without SMTP a local install still needs the login code: it is printed at info level, which the
// default LOG_LEVEL shows. Never use this where the log is readable by others. Only the text part
// is logged: the HTML part says the same, and markup would bury it. Attachments are named, not
// printed, for the same reason.
export function createLogMailer(log: Logger): Mailer {
  return {
    send({ to, subject, text, attachments = [] }) {
      const files = attachments.map(
        (file) =>
          `\n[attachment ${file.filename}, ${file.contentType}, ${Buffer.byteLength(file.content)} bytes]`,
      );
      log.info(`mail to ${to}: ${subject}\n${text}${files.join('')}`);
      return Promise.resolve();
    },
  };
}
