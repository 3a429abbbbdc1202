import './tickets.css';
import './ticket-detail.css';
import { Link } from 'react-router-dom';
import { ticketStatusClassName, ticketStatusLabel } from '../../../../domain/status';
import { ListStatus } from '../../components/lists/ListStatus';
import { syncedListPhase } from '../../components/lists/phase';
import { PageHeader } from '../../components/PageHeader';
import { useTickets } from '../../hooks/account';
import { TICKET, TICKETS } from './strings';
import { ticketSeatsLabel, ticketWhen, tourNoticeText } from './ticket-text';

/** /profile/tickets (SPEC §2 "Tickets"): the user's tickets from the replica, newest first. */
export function TicketsPage() {
  const tickets = useTickets();
  const phase = syncedListPhase(tickets);

  return (
    <div className="tickets-page">
      <PageHeader title={TICKETS.title} />
      {phase === 'ready' && tickets ? (
        <ul className="ticket-list" aria-label={TICKETS.list}>
          {tickets.map((view) => {
            const { ticket } = view;
            const when = ticketWhen(view);
            const notice = tourNoticeText(view);
            return (
              <li key={ticket._id}>
                <Link
                  className="ticket-card"
                  to={`/profile/tickets/ticket/${encodeURIComponent(ticket._id)}`}
                >
                  <span className="ticket-card-head">
                    <span className="ticket-card-title">
                      {view.excursion?.title ?? TICKETS.excursionNotFound}
                    </span>
                    <span className={`ticket-status ${ticketStatusClassName(ticket.status)}`}>
                      {ticketStatusLabel(ticket.status)}
                    </span>
                  </span>
                  {when && <span className="ticket-card-when">{when}</span>}
                  <span className="ticket-card-seats">
                    {ticketSeatsLabel(view)}
                    {ticket.seats.length > 0 && ` · ${TICKET.seatNumbers(ticket.seats)}`}
                  </span>
                  {notice && (
                    <span
                      className={`ticket-card-notice ticket-card-notice-${ticket.tourNotice?.kind ?? 'cancelled'}`}
                    >
                      {notice}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <ListStatus
          action={
            phase === 'empty' && (
              <Link className="button button-accent" to="/excursions">
                {TICKETS.browse}
              </Link>
            )
          }
        >
          {phase === 'empty' ? TICKETS.empty : TICKETS.loading}
        </ListStatus>
      )}
    </div>
  );
}
