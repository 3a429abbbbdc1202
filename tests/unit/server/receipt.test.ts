import { describe, expect, it } from 'vitest';
import type { TicketService } from '../../../src/domain/types';
import {
  buildReceipt,
  RECEIPT_DESCRIPTION_MAX,
  type ReceiptSource,
} from '../../../src/server/payments/receipt';

// The 54-FZ receipt of a ticket: whatever the ticket's prices, its items add up to the money that
// moved to the rouble, and no item is zero or negative.

const tour: TicketService = { name: 'Трансфер от отеля', price: 300, selected: true };
const lunch: TicketService = { name: 'Обед', price: 450, selected: true };
const skipped: TicketService = { name: 'Фотосессия', price: 1000, selected: false };

const source = (over: Partial<ReceiptSource>): ReceiptSource => ({
  email: 'buyer@example.ru',
  title: 'Ласточкино гнездо',
  adults: 2,
  kids: 1,
  services: [],
  total: 2 * 1500 + 800,
  adultPrice: 1500,
  kidPrice: 800,
  ...over,
});

const sumOf = (items: { quantity: number; unitPrice: number }[]) =>
  items.reduce((total, item) => total + item.quantity * item.unitPrice, 0);

describe('buildReceipt', () => {
  const cases: [string, Partial<ReceiptSource>, number][] = [
    ['adults and kids at the current prices', {}, 2],
    ['no kids', { kids: 0, total: 3000 }, 1],
    ['kids only', { adults: 0, kids: 2, total: 1600 }, 1],
    ['selected services per person', { services: [tour, lunch, skipped], total: 3800 + 3 * 750 }, 4],
    ['prices raised since booking', { total: 3500 }, 1],
    ['prices lowered since booking, with services', { services: [tour], total: 3300 + 900 }, 2],
    ['a rouble over the lines', { total: 3801 }, 1],
    ['a rouble under the lines, with services', { services: [lunch], total: 3800 + 1350 - 1 }, 2],
    ['services worth more than the total', { services: [tour, lunch], total: 1000 }, 1],
    ['a free kid place', { kidPrice: 0, total: 3000 }, 1],
    ['a free service', { services: [{ name: 'Вода', price: 0, selected: true }] }, 2],
    ['one rouble in all', { adults: 1, kids: 0, adultPrice: 1, total: 1 }, 1],
    ['no persons counted', { adults: 0, kids: 0, services: [tour], total: 500 }, 1],
    ['fractional prices', { adultPrice: 1499.5, total: 3799 }, 1],
  ];

  it.each(cases)('adds up to the total exactly: %s', (_, over, lines) => {
    const input = source(over);
    const receipt = buildReceipt(input);
    expect(receipt?.email).toBe('buyer@example.ru');
    const items = receipt?.items ?? [];
    expect(sumOf(items)).toBe(input.total);
    expect(items).toHaveLength(lines);
    for (const item of items) {
      expect(Number.isSafeInteger(item.quantity) && item.quantity > 0).toBe(true);
      expect(Number.isSafeInteger(item.unitPrice) && item.unitPrice > 0).toBe(true);
      expect(item.description.length).toBeGreaterThan(0);
      expect(item.description.length).toBeLessThanOrEqual(RECEIPT_DESCRIPTION_MAX);
    }
  });

  it('lists adults, kids and each selected service for everyone at the current prices', () => {
    const receipt = buildReceipt(source({ services: [tour, skipped], total: 3800 + 900 }));
    expect(receipt?.items).toEqual([
      { description: 'Экскурсия «Ласточкино гнездо», взрослый', quantity: 2, unitPrice: 1500 },
      { description: 'Экскурсия «Ласточкино гнездо», детский', quantity: 1, unitPrice: 800 },
      { description: 'Трансфер от отеля', quantity: 3, unitPrice: 300 },
    ]);
  });

  it('charges the excursion as one line of what is left after the services when prices changed', () => {
    const receipt = buildReceipt(source({ services: [tour], total: 4000 }));
    expect(receipt?.items).toEqual([
      { description: 'Экскурсия «Ласточкино гнездо»', quantity: 1, unitPrice: 3100 },
      { description: 'Трансфер от отеля', quantity: 3, unitPrice: 300 },
    ]);
  });

  it('makes no receipt for a free ticket', () => {
    expect(buildReceipt(source({ total: 0 }))).toBeNull();
    expect(buildReceipt(source({ total: -5 }))).toBeNull();
  });

  it('shortens a long title so every description fits, keeping the kind of place', () => {
    const title = 'Большое путешествие '.repeat(10);
    const receipt = buildReceipt(
      source({ title, services: [{ name: 'У'.repeat(200), price: 10, selected: true }], total: 3830 }),
    );
    const [adult, kid, service] = receipt?.items ?? [];
    expect(adult?.description).toMatch(/^Экскурсия «Большое путешествие.*…», взрослый$/);
    expect(kid?.description).toMatch(/…», детский$/);
    expect(adult?.description.length).toBeLessThanOrEqual(RECEIPT_DESCRIPTION_MAX);
    expect(service?.description).toHaveLength(RECEIPT_DESCRIPTION_MAX);
  });
});
