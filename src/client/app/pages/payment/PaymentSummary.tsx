import { formatTourDate } from '../../../../domain/dates';
import { seatsLabel } from '../../../../domain/plural';
import { formatRoubles } from '../../../../domain/pricing';
import type { TicketView } from '../../../db/queries/tickets';
import { PAYMENT } from './strings';

/** What is being paid for, from the replica: shown above the card form. */
export function PaymentSummary({ view }: { view: TicketView }) {
  const { ticket, excursion } = view;
  const when = view.tour ?? ticket.tour;
  const people = ticket.adults + ticket.kids;
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <p className="payment-summary-kicker" id="payment-summary-title">
        {PAYMENT.summary}
      </p>
      <h2>{excursion?.title ?? PAYMENT.excursionNotFound}</h2>
      <dl className="payment-facts">
        {when && (
          <div>
            <dt>{PAYMENT.when}</dt>
            <dd>{formatTourDate(when.date, when.time)}</dd>
          </div>
        )}
        <div>
          <dt>{PAYMENT.people}</dt>
          <dd>{PAYMENT.peopleValue(ticket.adults, ticket.kids)}</dd>
        </div>
        <div>
          <dt>{PAYMENT.seats}</dt>
          <dd>
            {seatsLabel(people)}
            {ticket.seats.length > 0 && `: № ${ticket.seats.join(', ')}`}
          </dd>
        </div>
        {ticket.entryPrice > 0 && (
          <div>
            <dt>{PAYMENT.entry}</dt>
            <dd>{formatRoubles(ticket.entryPrice)}</dd>
          </div>
        )}
        <div className="payment-total">
          <dt>{PAYMENT.amount}</dt>
          <dd>{formatRoubles(ticket.excursionPrice)}</dd>
        </div>
      </dl>
    </section>
  );
}
