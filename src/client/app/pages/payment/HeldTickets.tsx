import { Link } from 'react-router-dom';
import { formatTourDate } from '../../../../domain/dates';
import { formatRoubles } from '../../../../domain/pricing';
import { useCountdownClock } from '../../components/money/countdown';
import { usePayTicket, type PayTicket } from '../../components/money/pay-ticket';
import { MONEY } from '../../components/money/strings';
import { useTickets } from '../../hooks/account';
import { useSession } from '../../hooks/session';
import { heldTickets, unpaidTickets, type HeldTicket } from './held-tickets';
import { PAYMENT } from './strings';

/**
 * /payment opened without a booking in hand: the user's held, unpaid tickets to pay, from the
 * replica, or the plain explanation when there are none.
 */
export function HeldTicketsOrMissing() {
  const views = useTickets();
  const { userId } = useSession();
  const unpaid = views ? unpaidTickets(views, userId) : [];
  // Ticks as each hold's minutes change and when it ends, so a lapsed booking leaves the list on time.
  const now = useCountdownClock(unpaid.map((view) => view.ticket.holdUntil));
  if (views === undefined) {
    return (
      <p className="payment-loading" role="status">
        {PAYMENT.listLoading}
      </p>
    );
  }
  return <HeldTicketList held={heldTickets(views, userId, now)} />;
}

/** The list itself, or the explanation of an empty /payment. */
export function HeldTicketList({ held }: { held: readonly HeldTicket[] }) {
  const payment = usePayTicket();
  if (held.length === 0) return <NothingToPay />;
  return (
    <section className="payment-held" aria-labelledby="payment-held-title">
      <h2 id="payment-held-title">{PAYMENT.heldTitle}</h2>
      <p className="payment-held-lead">{PAYMENT.heldLead}</p>
      <ul className="payment-held-list">
        {held.map((item) => (
          <HeldTicketRow key={item.view.ticket._id} {...item} payment={payment} />
        ))}
      </ul>
    </section>
  );
}

function HeldTicketRow({ view, minutesLeft, payment }: HeldTicket & { payment: PayTicket }) {
  const { ticket, excursion } = view;
  const when = view.tour ?? ticket.tour;
  const busy = payment.busy === ticket._id;
  const error = payment.error?.ticketId === ticket._id ? payment.error.text : null;
  return (
    <li className="payment-held-item" data-testid="held-ticket">
      <h3>{excursion?.title ?? PAYMENT.excursionNotFound}</h3>
      {when && <p className="payment-held-when">{formatTourDate(when.date, when.time)}</p>}
      <p className="payment-held-line">
        <strong>{formatRoubles(ticket.excursionPrice)}</strong>
        <span className="payment-held-left">{MONEY.holdLeft(minutesLeft)}</span>
      </p>
      <button
        type="button"
        className="button button-accent"
        disabled={payment.busy !== null}
        onClick={() => void payment.pay(ticket._id)}
      >
        {busy ? MONEY.paying : MONEY.pay}
      </button>
      {error && (
        <p className="payment-held-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function NothingToPay() {
  return (
    <section className="payment-missing" role="status">
      <h2>{PAYMENT.missingTitle}</h2>
      <p>{PAYMENT.missing}</p>
      <Link className="button" to="/profile/tickets">
        {PAYMENT.toTickets}
      </Link>
    </section>
  );
}
