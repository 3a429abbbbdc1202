// What every mailer sends; mailer.ts picks the one a configuration uses.

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part: every mail has one, for clients that show no HTML. */
  text: string;
  /** An HTML alternative of the same content, when the mail has one. */
  html?: string;
}

/** Sends one e-mail; rejects when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
