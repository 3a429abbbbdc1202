import type { Config } from '../config';
import type { Logger } from '../log';
import { createLogMailer } from './log-mailer';
import type { Mailer } from './message';
import { createSmtpMailer } from './smtp-mailer';

export type { MailAttachment, MailMessage, Mailer } from './message';

/** SMTP when SMTP_URL is set; otherwise (the embedded default) messages go to the server log. */
export function createMailer(config: Config, log: Logger): Mailer {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createLogMailer(log);
}
