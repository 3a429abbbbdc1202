import { describe, it, expect } from 'vitest';
import {
  NBSP,
  cardOldPrice,
  cardPrice,
  entryPrice,
  formatRoubles,
  initialServices,
  selectedServices,
  servicesSum,
  sumWithEntry,
  totalPrice,
  withPlainSpaces,
} from '../../../src/domain/pricing';

const prices = { adultPrice: 2000, kidPrice: 1200, adultEntryPrice: 500, kidEntryPrice: 300 };
const lunch = { name: 'Обед', price: 400 };
const guide = { name: 'Аудиогид', price: 150 };

describe('totalPrice', () => {
  it('charges the adult price per adult and the kid price per kid', () => {
    expect(totalPrice(prices, { adults: 2, kids: 1 }, [])).toBe(2 * 2000 + 1200);
  });

  it('charges each selected service once per person, children included', () => {
    // 2000*2 + 1200*1 + (400+150)*3
    expect(totalPrice(prices, { adults: 2, kids: 1 }, [lunch, guide])).toBe(6850);
  });

  it('does not include the entry price, which is paid in cash on site', () => {
    expect(totalPrice(prices, { adults: 1, kids: 0 }, [])).toBe(2000);
  });

  it('is zero for an empty party', () => {
    expect(totalPrice(prices, { adults: 0, kids: 0 }, [lunch])).toBe(0);
  });
});

describe('entryPrice', () => {
  it('charges the adult and kid entry prices per person', () => {
    expect(entryPrice(prices, { adults: 2, kids: 3 })).toBe(2 * 500 + 3 * 300);
  });

  it('is zero when the excursion has no entry tickets', () => {
    expect(entryPrice({ adultEntryPrice: 0, kidEntryPrice: 0 }, { adults: 4, kids: 2 })).toBe(0);
  });
});

describe('sumWithEntry', () => {
  it('adds the entry price to the total for the info alert', () => {
    expect(sumWithEntry(prices, { adults: 2, kids: 1 }, [lunch])).toBe(
      2 * 2000 + 1200 + 400 * 3 + 2 * 500 + 300,
    );
  });
});

describe('services', () => {
  it('sums service prices', () => {
    expect(servicesSum([lunch, guide])).toBe(550);
    expect(servicesSum([])).toBe(0);
  });

  it('starts every service of a booking unselected', () => {
    expect(initialServices([lunch, guide])).toEqual([
      { name: 'Обед', price: 400, selected: false },
      { name: 'Аудиогид', price: 150, selected: false },
    ]);
  });

  it('keeps only the ticked services', () => {
    const services = [
      { ...lunch, selected: true },
      { ...guide, selected: false },
    ];
    expect(selectedServices(services)).toEqual([{ ...lunch, selected: true }]);
  });
});

describe('card price', () => {
  it("shows 'от' the adult price plus the adult entry price", () => {
    expect(cardPrice({ adultPrice: 1500, adultEntryPrice: 500 })).toBe(2000);
  });

  it('shows no old price when the initial price equals the current one', () => {
    expect(cardOldPrice({ adultPrice: 1500, adultInitPrice: 1500, adultEntryPrice: 500 })).toBeNull();
  });

  it('shows the old price, entry included, when the initial price differs', () => {
    expect(cardOldPrice({ adultPrice: 1500, adultInitPrice: 1800, adultEntryPrice: 500 })).toBe(2300);
  });

  it('also shows an old price that is lower than the current one, since it only has to differ', () => {
    expect(cardOldPrice({ adultPrice: 1500, adultInitPrice: 1200, adultEntryPrice: 0 })).toBe(1200);
  });

  it('treats an unset initial price of 0 as no old price', () => {
    expect(cardOldPrice({ adultPrice: 1500, adultInitPrice: 0, adultEntryPrice: 0 })).toBeNull();
  });
});

describe('formatRoubles', () => {
  it("groups thousands with a non-breaking space: '1 500 ₽'", () => {
    expect(formatRoubles(1500)).toBe(`1${NBSP}500${NBSP}₽`);
  });

  it('uses U+00A0 for every space, never a plain or narrow one', () => {
    const text = formatRoubles(1234567);
    expect(text).toBe('1\u00a0234\u00a0567\u00a0₽');
    expect(text).not.toMatch(/[ \u202f]/);
  });

  it('leaves numbers below a thousand ungrouped', () => {
    expect(formatRoubles(0)).toBe(`0${NBSP}₽`);
    expect(formatRoubles(999)).toBe(`999${NBSP}₽`);
  });

  it('prints what ru-RU Intl prints for any whole amount, with the sign in front', () => {
    const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
    for (const amount of [1, 12, 999, 1000, 9999, 10_000, 123_456, 1_000_000, 987_654_321, -1500, -12]) {
      const expected = `${intl
        .format(amount)
        .replace(/[\s\u00a0\u202f]/g, NBSP)
        .replace('\u2212', '-')}${NBSP}₽`;
      expect(formatRoubles(amount)).toBe(expected);
    }
  });

  it('rounds to whole roubles', () => {
    expect(formatRoubles(1499.6)).toBe(`1${NBSP}500${NBSP}₽`);
  });

  it("prints a negative zero as '0 ₽' and a non-number as 0", () => {
    expect(formatRoubles(-0.2)).toBe(`0${NBSP}₽`);
    expect(formatRoubles(Number.NaN)).toBe(`0${NBSP}₽`);
  });

  it('turns into the plain-space form for comparisons', () => {
    expect(withPlainSpaces(formatRoubles(25000))).toBe('25 000 ₽');
  });
});
