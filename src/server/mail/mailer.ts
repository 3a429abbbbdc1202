import type { Config } from '../config';
import type { Logger } from '../log';
import { createLogMailer } from './log-mailer';
import { createSmtpMailer } from './smtp-mailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one plain-text e-mail; rejects when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise (the embedded default) messages go to the server log. */
export function createMailer(config: Config, log: Logger): Mailer {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createLogMailer(log);
}
