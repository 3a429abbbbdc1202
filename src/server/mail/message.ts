// What every mailer sends; mailer.ts picks the one a configuration uses.

/** A file sent with a mail, such as a ticket's calendar entry. */
export interface MailAttachment {
  /** The file name the recipient sees; ASCII, as some clients mangle other names. */
  filename: string;
  /** The full Content-Type, parameters included ('text/calendar; charset=utf-8; method=PUBLISH'). */
  contentType: string;
  /** The file's text, sent as UTF-8. */
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part: every mail has one, for clients that show no HTML. */
  text: string;
  /** An HTML alternative of the same content, when the mail has one. */
  html?: string;
  /** Files sent beside the text (and HTML) parts. */
  attachments?: MailAttachment[];
}

/** Sends one e-mail; rejects when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
