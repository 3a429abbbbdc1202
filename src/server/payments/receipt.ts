import type { TicketService } from '../../domain/types';
import type { Receipt, ReceiptItem } from './provider';

// The 54-FZ receipt of a ticket, provider-neutral: one line per kind of place and per selected
// service. A receipt's items must add up to the money that moved, to the rouble: when the ticket's
// lines do not (prices changed since the booking), the excursion becomes one line worth whatever is
// left after the services, so the total the buyer paid is always what the receipt says.

export const RECEIPT_TEXTS = {
  adult: (title: string) => `Экскурсия «${title}», взрослый`,
  kid: (title: string) => `Экскурсия «${title}», детский`,
  excursion: (title: string) => `Экскурсия «${title}»`,
  /** A service whose name is blank. */
  service: 'Дополнительная услуга',
} as const;

/** YooKassa's limit on an item's description; other providers' are not shorter. */
export const RECEIPT_DESCRIPTION_MAX = 128;

export interface ReceiptSource {
  email: string;
  title: string;
  adults: number;
  kids: number;
  /** Only the `selected` ones are charged, each at its price per person. */
  services: TicketService[];
  /** Whole roubles actually charged (or refunded). */
  total: number;
  adultPrice: number;
  kidPrice: number;
}

/** A positive whole number of roubles or of units: the only thing a receipt line may hold. */
const positiveWhole = (n: number) => Number.isSafeInteger(n) && n > 0;

/** `make(title)` shortened, title first, so the whole description fits the limit. */
function describe(make: (title: string) => string, title: string): string {
  const full = make(title);
  if (full.length <= RECEIPT_DESCRIPTION_MAX) return full;
  const room = RECEIPT_DESCRIPTION_MAX - make('').length - 1;
  if (room <= 0) return full.slice(0, RECEIPT_DESCRIPTION_MAX);
  return make(`${title.slice(0, room).trimEnd()}…`);
}

const line = (description: string, quantity: number, unitPrice: number): ReceiptItem => ({
  description,
  quantity,
  unitPrice,
});

const sum = (items: ReceiptItem[]) =>
  items.reduce((total, item) => total + item.quantity * item.unitPrice, 0);

/**
 * The receipt for `total` roubles, or null when there is nothing to put on one (a free ticket).
 * Its items' `quantity × unitPrice` add up to `total` exactly, and none is zero or negative.
 */
export function buildReceipt(source: ReceiptSource): Receipt | null {
  const { total, title } = source;
  if (!Number.isFinite(total) || total <= 0) return null;
  const receipt = (items: ReceiptItem[]): Receipt => ({ email: source.email, items });
  const whole = [line(describe(RECEIPT_TEXTS.excursion, title), 1, total)];
  if (!positiveWhole(total)) return receipt(whole);

  const persons = Math.max(0, source.adults) + Math.max(0, source.kids);
  const services = source.services
    .filter((service) => service.selected && service.price > 0 && persons > 0)
    .map((service) =>
      line(
        (service.name.trim() || RECEIPT_TEXTS.service).slice(0, RECEIPT_DESCRIPTION_MAX),
        persons,
        service.price,
      ),
    );
  const places = [
    line(describe(RECEIPT_TEXTS.adult, title), source.adults, source.adultPrice),
    line(describe(RECEIPT_TEXTS.kid, title), source.kids, source.kidPrice),
  ].filter((item) => item.quantity > 0 && item.unitPrice > 0);
  const itemized = [...places, ...services];
  const valid = (items: ReceiptItem[]) =>
    items.length > 0 &&
    items.every((item) => positiveWhole(item.quantity) && positiveWhole(item.unitPrice)) &&
    sum(items) === total;

  if (valid(itemized)) return receipt(itemized);
  // The places' prices no longer explain the total: the excursion is what is left after the services.
  const rest = total - sum(services);
  const withServices = [line(describe(RECEIPT_TEXTS.excursion, title), 1, rest), ...services];
  if (valid(withServices)) return receipt(withServices);
  return receipt(whole);
}

/** A ticket's stored row as storage/payments.ts reads it for a receipt (and for its e-mails). */
export interface ReceiptRow {
  email: string;
  title: string;
  adults: number;
  kids: number;
  services: TicketService[];
  adult_price: number;
  kid_price: number;
}

/** The receipt of a ticket's row for `total` roubles (the payment, or the refund). */
export function receiptOfRow(row: ReceiptRow, total: number): Receipt | null {
  return buildReceipt({
    email: row.email,
    title: row.title,
    adults: row.adults,
    kids: row.kids,
    services: row.services,
    total,
    adultPrice: row.adult_price,
    kidPrice: row.kid_price,
  });
}
