import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../../src/server/mail/smtp-mailer';
import { bookingConfirmationMail, COMPANY, RECEIPT_SUBJECT } from '../../../src/server/payments/emails';
import { mimePart, mimeParts, startTestSmtp, subjectOf, type TestSmtp } from '../../support/smtp';

// The SMTP mailer hands a real server one multipart/alternative message: a text/plain part and a
// text/html part, each decodable back to what the mail builder wrote.

describe('the SMTP mailer with an HTML part', () => {
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers a text/plain and a text/html alternative of the receipt', async () => {
    const mail = bookingConfirmationMail({
      to: 'html-buyer@example.ru',
      ticketId: 'T-77',
      title: 'Ласточкино гнездо <и> Ай-Петри',
      date: '2026-12-05',
      time: '09:00',
      assemblyPoint: 'Ялта, набережная',
      seats: [7],
      adults: 1,
      kids: 0,
      lines: [{ label: 'Взрослый билет', quantity: 1, amount: 3400 }],
      total: 3400,
      entryPrice: 0,
      freeCancelUntil: new Date('2026-12-04T06:00:00Z'),
      ticketUrl: 'https://krym.example/profile/tickets/ticket/T-77',
      company: COMPANY,
    });
    const mailer = createSmtpMailer(smtp.url, 'Экскурсии <no-reply@krym.example>');

    await mailer.send(mail);

    expect(smtp.messages).toHaveLength(1);
    const [received] = smtp.messages;
    expect(received?.to).toEqual(['html-buyer@example.ru']);
    const raw = received?.raw ?? '';
    expect(subjectOf(raw)).toBe(RECEIPT_SUBJECT);
    expect(raw).toMatch(/^content-type:\s*multipart\/alternative/im);
    const parts = mimeParts(raw);
    expect(parts.map((p) => p.contentType).sort()).toEqual(['text/html', 'text/plain']);
    const text = mimePart(raw, 'text/plain').body;
    const html = mimePart(raw, 'text/html').body;
    expect(text.replace(/\r\n/g, '\n')).toBe(mail.text);
    expect(text).toContain('Ласточкино гнездо <и> Ай-Петри');
    expect(text).toContain('3\u00a0400\u00a0₽');
    expect(html).toContain('Ласточкино гнездо &lt;и&gt; Ай-Петри');
    expect(html).toContain('href="https://krym.example/profile/tickets/ticket/T-77"');
  });
});
