import './payment.css';
import './payment-held.css';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isEntityId } from '../../../../domain/ids';
import type { TicketView } from '../../../db/queries/tickets';
import { ReminderOffer } from '../../../push/ReminderOffer';
import { useTicket } from '../../hooks/account';
import { PAYMENT, SUCCESS } from './strings';

/** The paid ticket's id: `?ticket=` in the address, or `ticket_id` in the navigation state. */
export function successTicketId(search: URLSearchParams, state: unknown): string | null {
  const fromQuery = search.get('ticket');
  if (fromQuery) return fromQuery;
  const fromState =
    state && typeof state === 'object' ? (state as Record<string, unknown>).ticket_id : undefined;
  return typeof fromState === 'string' && fromState !== '' ? fromState : null;
}

/**
 * Where /success sends the person instead of congratulating them, or null to congratulate: only a
 * ticket the replica holds as confirmed was paid. An unpaid one may still be confirming, so its page
 * opens in that mode; undefined waits for the replica.
 */
export function successRedirect(
  id: string | null,
  view: TicketView | null | undefined,
): string | null | undefined {
  if (id === null || !isEntityId(id)) return '/profile/tickets';
  if (view === undefined) return undefined;
  if (view?.ticket.status === 'confirmed') return null;
  const page = `/profile/tickets/ticket/${encodeURIComponent(id)}`;
  return view?.ticket.status === 'to payment' ? `${page}?from=payment` : page;
}

/**
 * /success (SPEC §2): the payment went through; a button leads home. Under it, the offer of trip
 * reminders: a paid booking is the one moment a reminder means something to the person.
 */
export function SuccessPage() {
  const [search] = useSearchParams();
  const id = successTicketId(search, useLocation().state);
  const view = useTicket(id ?? '');
  const navigate = useNavigate();
  const redirect = successRedirect(id, view);

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  if (redirect !== null) {
    return (
      <p className="payment-loading" role="status">
        {PAYMENT.listLoading}
      </p>
    );
  }
  return (
    <>
      <PaidNotice />
      <ReminderOffer />
    </>
  );
}

export function PaidNotice() {
  return (
    <section className="payment-success-page" role="status">
      <svg className="payment-success-mark" width="72" height="72" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#ffffff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <h1>{SUCCESS.title}</h1>
      <Link className="button button-accent" to="/">
        {SUCCESS.home}
      </Link>
      <Link className="payment-success-link" to="/profile/tickets">
        {SUCCESS.tickets}
      </Link>
    </section>
  );
}
