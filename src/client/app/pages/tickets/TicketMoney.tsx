import { Link } from 'react-router-dom';
import { formatRoubles } from '../../../../domain/pricing';
import type { Ticket, TicketRefund } from '../../../../domain/types';
import { formatCrimeaInstant } from '../../../../domain/cancellation';
import { PaidCancel } from './PaidCancel';
import { TICKET } from './strings';
import type { TicketOffer } from './ticket-offer';
import { UnpaidActions } from './UnpaidActions';

interface TicketMoneyProps {
  ticket: Ticket;
  offer: TicketOffer;
  /** Where 'Забронировать снова' leads; null when the excursion is not known. */
  excursionId: string | null;
}

/** The ticket's money block: pay a hold, book again after a lapse, cancel for a refund, or the refund. */
export function TicketMoney({ ticket, offer, excursionId }: TicketMoneyProps) {
  switch (offer.kind) {
    case 'pay':
      return <UnpaidActions ticketId={ticket._id} minutesLeft={offer.minutesLeft} />;
    case 'hold-ran-out':
      return <BookAgain text={TICKET.holdRanOut} excursionId={excursionId} />;
    case 'lapsed':
      return <BookAgain text={TICKET.lapsed} excursionId={excursionId} />;
    case 'refund':
      return <RefundState refund={offer.refund} />;
    case 'free-cancel':
      return <PaidCancel ticketId={ticket._id} until={offer.until} amount={ticket.excursionPrice} />;
    case 'free-cancel-over':
      return (
        <section className="ticket-money" aria-label={TICKET.money}>
          <p className="ticket-money-line">{TICKET.freeCancelWas(formatCrimeaInstant(offer.until))}</p>
        </section>
      );
    default:
      return null;
  }
}

function BookAgain({ text, excursionId }: { text: string; excursionId: string | null }) {
  return (
    <section className="ticket-money ticket-money-lapsed" role="status">
      <p className="ticket-money-line">{text}</p>
      {excursionId && (
        <div className="ticket-actions">
          <Link className="button button-accent" to={`/booking/${encodeURIComponent(excursionId)}`}>
            {TICKET.bookAgain}
          </Link>
        </div>
      )}
    </section>
  );
}

function RefundState({ refund }: { refund: TicketRefund }) {
  if (refund.status === 'failed') {
    return (
      <section className="ticket-money ticket-money-failed" role="status">
        <p className="ticket-money-line">{TICKET.refundFailed}</p>
      </section>
    );
  }
  return (
    <section className="ticket-money ticket-money-refund" role="status">
      <p className="ticket-money-line">{TICKET.refundIssued(formatRoubles(refund.amount))}</p>
      {refund.status === 'succeeded' && <p className="ticket-money-note">{TICKET.refundSent}</p>}
    </section>
  );
}
