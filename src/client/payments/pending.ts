// The confirmation token of an unpaid ticket, kept for this tab so the ticket page can send the person
// back to the card form. The ticket does not carry the token (it belongs to the payment provider), so
// a ticket booked in another tab or before a restart offers only the cancellation.

const KEY = 'pending-payments';
/** Holds last only 15 minutes, so a handful of entries is all that can still be paid. */
const MAX_KEPT = 10;

type Kept = Record<string, string>;

function read(): Kept {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

export function rememberPayment(ticketId: string, confirmationId: string): void {
  const entries = Object.entries(read()).filter(([id]) => id !== ticketId);
  entries.push([ticketId, confirmationId]);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.slice(-MAX_KEPT))));
  } catch (error) {
    // Storage full or blocked: the ticket page then offers only the cancellation.
    console.warn('Payment token not kept', error);
  }
}

export function recallPayment(ticketId: string): string | null {
  const token = read()[ticketId];
  return typeof token === 'string' && token !== '' ? token : null;
}
