import { describe, it, expect } from 'vitest';
import { isKnownTicketStatus, ticketStatusClassName, ticketStatusLabel } from '../../../src/domain/status';

describe('ticketStatusLabel', () => {
  it("shows 'to payment' as Обрабатывается", () => {
    expect(ticketStatusLabel('to payment')).toBe('Обрабатывается');
  });

  it("shows 'confirmed' as Оплачен", () => {
    expect(ticketStatusLabel('confirmed')).toBe('Оплачен');
  });

  it("shows 'cancelled' as Отменен", () => {
    expect(ticketStatusLabel('cancelled')).toBe('Отменен');
  });

  it('shows any other value as it is', () => {
    expect(ticketStatusLabel('refunded')).toBe('refunded');
    expect(ticketStatusLabel('')).toBe('');
    expect(ticketStatusLabel('Confirmed')).toBe('Confirmed');
  });

  it('does not treat inherited object keys as statuses', () => {
    expect(ticketStatusLabel('toString')).toBe('toString');
    expect(isKnownTicketStatus('constructor')).toBe(false);
  });
});

describe('ticketStatusClassName', () => {
  it('turns the space of to payment into a hyphen', () => {
    expect(ticketStatusClassName('to payment')).toBe('status-to-payment');
  });

  it('keeps simple statuses as they are, prefixed', () => {
    expect(ticketStatusClassName('confirmed')).toBe('status-confirmed');
    expect(ticketStatusClassName('cancelled')).toBe('status-cancelled');
  });

  it('reduces an unknown value to lowercase letters, digits and single hyphens', () => {
    expect(ticketStatusClassName('  Needs  Review!! ')).toBe('status-needs-review');
    expect(ticketStatusClassName('a"b<c>d')).toBe('status-a-b-c-d');
  });

  it('never yields a class that starts with a digit', () => {
    expect(ticketStatusClassName('404')).toBe('status-404');
  });

  it('falls back to status-other when nothing usable is left', () => {
    expect(ticketStatusClassName('')).toBe('status-other');
    expect(ticketStatusClassName('Оплачен')).toBe('status-other');
  });

  it('always yields a valid CSS class name', () => {
    for (const value of ['to payment', 'x y z', '---', '💳', 'ÄÖ', 'ok_1']) {
      expect(ticketStatusClassName(value)).toMatch(/^status-[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});
