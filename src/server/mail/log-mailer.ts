import type { Logger } from '../log';
import type { Mailer } from './message';

// Without SMTP a local install still needs the login code: it is printed at info level, which the
// default LOG_LEVEL shows. Never use this where the log is readable by others. Only the text part
// is logged: the HTML part says the same, and markup would bury it.
export function createLogMailer(log: Logger): Mailer {
  return {
    send({ to, subject, text }) {
      log.info(`mail to ${to}: ${subject}\n${text}`);
      return Promise.resolve();
    },
  };
}
