// Money rules of SPEC §9. All amounts are whole roubles.

import type { ReplicaExcursion, Service, TicketService } from './types';
import { ROUBLE_SIGN } from './strings';

export interface PartySize {
  adults: number;
  kids: number;
}

export const NBSP = '\u00a0';

export function servicesSum(services: readonly Service[]): number {
  return services.reduce((sum, service) => sum + service.price, 0);
}

/** The services of a booking or ticket that the user ticked. */
export function selectedServices(services: readonly TicketService[]): TicketService[] {
  return services.filter((service) => service.selected);
}

/** A booking's services before the user touches them: all unselected (SPEC §4). */
export function initialServices(services: readonly Service[]): TicketService[] {
  return services.map((service) => ({ name: service.name, price: service.price, selected: false }));
}

/**
 * Total price = adultPrice*adults + kidPrice*kids + (sum of selected services)*(adults+kids).
 * Services are charged per person, children included.
 */
export function totalPrice(
  prices: Pick<ReplicaExcursion, 'adultPrice' | 'kidPrice'>,
  party: PartySize,
  chosenServices: readonly Service[],
): number {
  return (
    prices.adultPrice * party.adults +
    prices.kidPrice * party.kids +
    servicesSum(chosenServices) * (party.adults + party.kids)
  );
}

/** Entry price = adultEntryPrice*adults + kidEntryPrice*kids; paid in cash on site, not part of the total. */
export function entryPrice(
  prices: Pick<ReplicaExcursion, 'adultEntryPrice' | 'kidEntryPrice'>,
  party: PartySize,
): number {
  return prices.adultEntryPrice * party.adults + prices.kidEntryPrice * party.kids;
}

/** The sum the booking's info alert shows: the total plus the entry price. */
export function sumWithEntry(
  prices: Pick<ReplicaExcursion, 'adultPrice' | 'kidPrice' | 'adultEntryPrice' | 'kidEntryPrice'>,
  party: PartySize,
  chosenServices: readonly Service[],
): number {
  return totalPrice(prices, party, chosenServices) + entryPrice(prices, party);
}

/** The card's 'от' price, which is also what the cheaper / pricier sorts compare. */
export function cardPrice(prices: Pick<ReplicaExcursion, 'adultPrice' | 'adultEntryPrice'>): number {
  return prices.adultPrice + prices.adultEntryPrice;
}

/**
 * The struck-through old price of a card, or null when there is none. It is shown when the initial
 * price differs from the current one; it includes the entry price so it compares like for like with the
 * 'от' price beside it. A non-positive initial price means "never set", not a discount, so it is hidden.
 */
export function cardOldPrice(
  prices: Pick<ReplicaExcursion, 'adultPrice' | 'adultInitPrice' | 'adultEntryPrice'>,
): number | null {
  if (prices.adultInitPrice <= 0 || prices.adultInitPrice === prices.adultPrice) return null;
  return prices.adultInitPrice + prices.adultEntryPrice;
}

/**
 * '1 500 ₽': thousands grouped with U+00A0, as ru-RU writes them, and the sign joined with U+00A0
 * too, so the amount never wraps and tests and screens see one exact string. Grouped by hand rather
 * than with Intl.NumberFormat: building one costs milliseconds on a phone (its first use loads the
 * locale's data), and every card on a list prints a price.
 */
export function formatRoubles(amount: number): string {
  // `+ 0` turns -0 into 0, which would otherwise print as '-0'.
  const whole = Number.isFinite(amount) ? Math.round(amount) + 0 : 0;
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, NBSP);
  return `${whole < 0 ? '-' : ''}${digits}${NBSP}${ROUBLE_SIGN}`;
}

/** Turns every non-breaking or narrow space into a plain one, for comparing rendered text in tests. */
export function withPlainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}
