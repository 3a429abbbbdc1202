import { describe, expect, it } from 'vitest';
import { COMPANY as CONTACTS_PAGE } from '../../../src/client/app/strings';
import {
  bookingConfirmationMail,
  COMPANY,
  RECEIPT_SUBJECT,
  refundMail,
  type TicketMailData,
} from '../../../src/server/payments/emails';

// The ticket e-mails as the buyer reads them: both parts, amounts as the app prints them, the
// title escaped in HTML only, and the cancellation deadline in Crimean time.

const NB = '\u00a0';

function data(overrides: Partial<TicketMailData> = {}): TicketMailData {
  return {
    to: 'buyer@example.ru',
    ticketId: 'T-1001',
    title: 'Ялта & <script>alert("x")</script>',
    date: '2026-12-05',
    time: '09:00',
    assemblyPoint: 'Симферополь, площадь Ленина',
    seats: [3, 4],
    adults: 2,
    kids: 1,
    lines: [
      { label: 'Взрослый билет', quantity: 2, amount: 3400 },
      { label: 'Детский билет', quantity: 1, amount: 1200 },
    ],
    total: 4600,
    entryPrice: 500,
    // 21:30 UTC is 00:30 of the next day in Crimea (UTC+3).
    freeCancelUntil: new Date('2026-12-03T21:30:00Z'),
    ticketUrl: 'https://krym.example/profile/tickets/ticket/T-1001',
    company: COMPANY,
    ...overrides,
  };
}

describe('booking confirmation mail', () => {
  const mail = bookingConfirmationMail(data());
  const html = mail.html ?? '';

  it('has the receipt subject, a text part and an HTML part', () => {
    expect(mail.to).toBe('buyer@example.ru');
    expect(mail.subject).toBe(RECEIPT_SUBJECT);
    expect(RECEIPT_SUBJECT).toBe('Чек: оплата экскурсии');
    expect(mail.text.length).toBeGreaterThan(100);
    expect(html).toMatch(/^<!DOCTYPE html>/);
  });

  it('lists every line and the total, grouped with non-breaking spaces', () => {
    for (const part of [mail.text, html]) {
      expect(part).toContain('Взрослый билет × 2');
      expect(part).toContain(`3${NB}400${NB}₽`);
      expect(part).toContain('Детский билет');
      expect(part).toContain(`1${NB}200${NB}₽`);
      expect(part).toContain(`4${NB}600${NB}₽`);
      expect(part).toContain(`500${NB}₽`);
      expect(part).not.toMatch(/\d{4}\s?₽/);
    }
    expect(mail.text).toContain(`Итого оплачено картой: 4${NB}600${NB}₽`);
    expect(mail.text).toContain(`На месте наличными (входной билет): 500${NB}₽`);
  });

  it('shows the excursion, its date and time, the assembly point and the seats', () => {
    expect(mail.text).toContain('Дата и время: 5 декабря, 09:00');
    expect(mail.text).toContain('Место сбора: Симферополь, площадь Ленина');
    expect(mail.text).toContain('Места: 3, 4');
    expect(mail.text).toContain('Взрослых: 2\nДетей: 1');
    expect(mail.text).toContain('Билет № T-1001');
    expect(html).toContain('5 декабря, 09:00');
  });

  it('keeps the title literal in text and escaped in HTML', () => {
    expect(mail.text).toContain('Экскурсия: Ялта & <script>alert("x")</script>');
    expect(html).toContain('Ялта &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script');
  });

  it('states the free-cancellation deadline in Crimean time', () => {
    const policy =
      'Бесплатная отмена с полным возвратом — до 4 декабря, 00:30 (по времени Крыма). После этого билет не возвращается.';
    expect(mail.text).toContain(policy);
    expect(html).toContain(policy);
  });

  it('links the ticket and names the company with its contacts', () => {
    expect(mail.text).toContain('Открыть билет: https://krym.example/profile/tickets/ticket/T-1001');
    expect(html).toContain('href="https://krym.example/profile/tickets/ticket/T-1001"');
    for (const part of [mail.text, html]) {
      expect(part).toContain('+7 (978) 555-12-34');
      expect(part).toContain('info@krym-excursions.ru');
    }
    expect(mail.text).toContain('ООО «Крым Экскурсии»');
  });

  it('loads nothing external', () => {
    expect(html).not.toMatch(/<img|<link|<script|@import|url\(/i);
  });

  it('omits the cash line when there is no entry price, and says when nothing is free to cancel', () => {
    const plain = bookingConfirmationMail(data({ entryPrice: 0, freeCancelUntil: null, seats: [] }));
    expect(plain.text).not.toContain('На месте наличными');
    expect(plain.text).not.toContain('Места:');
    expect(plain.text).toContain('Бесплатная отмена для этого билета уже недоступна');
  });

  it('never prints undefined or NaN', () => {
    for (const d of [data(), data({ kids: 0, entryPrice: 0, freeCancelUntil: null, lines: [] })]) {
      const m = bookingConfirmationMail(d);
      expect(`${m.subject}\n${m.text}\n${m.html ?? ''}`).not.toMatch(/undefined|NaN|null/);
    }
  });
});

describe('COMPANY', () => {
  it('names the company as the contacts page does', () => {
    expect(COMPANY).toEqual({
      name: CONTACTS_PAGE.legalName,
      phone: CONTACTS_PAGE.phoneDisplay,
      email: CONTACTS_PAGE.email,
    });
  });
});

describe('refund mail', () => {
  const mail = refundMail({ ...data(), refund: 4600 });
  const html = mail.html ?? '';

  it('says which refund was made, for what, and when the money arrives', () => {
    expect(mail.subject).toBe('Возврат оплаты за экскурсию');
    for (const part of [mail.text, html]) {
      expect(part).toContain(`Возврат 4${NB}600${NB}₽ оформлен`);
      expect(part).toContain('5 декабря, 09:00');
      expect(part).toContain('до нескольких рабочих дней');
    }
    expect(mail.text).toContain('Возврат за экскурсию: Ялта & <script>alert("x")</script>');
    expect(html).not.toContain('<script');
    expect(mail.text).toContain('https://krym.example/profile/tickets/ticket/T-1001');
    expect(`${mail.text}\n${html}`).not.toMatch(/undefined|NaN/);
  });
});
