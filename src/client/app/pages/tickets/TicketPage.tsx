import './tickets.css';
import './ticket-detail.css';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { departureInstant } from '../../../../domain/cancellation';
import {
  ICS_CONTENT_TYPE,
  ticketCalendar,
  ticketCalendarFileName,
  type TicketCalendarData,
} from '../../../../domain/ics';
import { isEntityId } from '../../../../domain/ids';
import { formatRoubles, selectedServices } from '../../../../domain/pricing';
import { ticketStatusClassName, ticketStatusLabel } from '../../../../domain/status';
import type { TicketView } from '../../../db/queries/tickets';
import { itemPhase } from '../../components/lists/phase';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { useCountdownClock } from '../../components/money/countdown';
import { useTicket } from '../../hooks/account';
import { TICKET } from './strings';
import { offerDeadline, ticketOffer, type TicketOffer } from './ticket-offer';
import { ticketSeatsLabel, ticketWhen, tourNoticeText } from './ticket-text';
import { TicketMoney } from './TicketMoney';
import { TicketQr } from './TicketQr';
import { TicketReviewLink } from '../reviews';
import { useDocumentTitle } from '../../shell/titles';

/**
 * /profile/tickets/ticket/{id} (SPEC §2 "Tickets"). Everything comes from the replica, so the ticket and
 * its QR code open on a bus with no signal. The card widget returns here with ?from=payment.
 */
export function TicketPage() {
  const id = useParams().id ?? '';
  const view = useTicket(id);
  useDocumentTitle(view?.excursion?.title);
  const phase = itemPhase(isEntityId(id) ? view : null);

  return (
    <div className="ticket-page">
      <PageHeader title={TICKET.title} />
      {phase === 'ready' && view ? (
        <TicketDetail view={view} />
      ) : (
        <ListStatus
          action={
            phase === 'missing' && (
              <Link className="button" to="/profile/tickets">
                {TICKET.toList}
              </Link>
            )
          }
        >
          {phase === 'missing' ? TICKET.notFound : TICKET.loading}
        </ListStatus>
      )}
    </div>
  );
}

/** The ticket itself, from its replica rows; the money block follows the clock of its hold or deadline. */
export function TicketDetail({ view }: { view: TicketView }) {
  const [search] = useSearchParams();
  const { ticket, excursion } = view;
  const now = useCountdownClock([offerDeadline(ticket)]);
  const offer = ticketOffer(ticket, now);
  const excursionId = excursion?._id ?? view.tour?.excursionID ?? ticket.tour?.excursionID ?? null;
  const fromPayment = search.get('from') === 'payment';
  const when = ticketWhen(view);
  const services = selectedServices(ticket.services);
  const confirmed = ticket.status === 'confirmed';
  const awaitingPayment = ticket.status === 'to payment';
  const notice = tourNoticeText(view);
  const calendar = calendarEntry(view, offer);

  return (
    <>
      {fromPayment && confirmed && (
        <p className="ticket-banner ticket-banner-ok" role="status">
          {TICKET.paid}
        </p>
      )}
      {fromPayment && awaitingPayment && (
        <p className="ticket-banner" role="status">
          <span className="ticket-spinner" aria-hidden="true" />
          {TICKET.confirming}
        </p>
      )}
      <section className="ticket-main" aria-labelledby="ticket-title">
        {excursion && when ? (
          <h2 id="ticket-title">{excursion.title}</h2>
        ) : (
          <h2 id="ticket-title" className="ticket-missing">
            {TICKET.tripNotFound}
          </h2>
        )}
        {when && <p className="ticket-when">{when}</p>}
        <p className="ticket-main-line">
          <span className={`ticket-status ${ticketStatusClassName(ticket.status)}`}>
            <span className="visually-hidden">{TICKET.status}: </span>
            {ticketStatusLabel(ticket.status)}
          </span>
          <span className="ticket-main-seats">{ticketSeatsLabel(view)}</span>
        </p>
        {ticket.seats.length > 0 && <p className="ticket-seat-numbers">{TICKET.seatNumbers(ticket.seats)}</p>}
        {calendar && (
          <div className="ticket-actions ticket-calendar">
            <button
              type="button"
              className="button ticket-button-quiet"
              onClick={() => saveCalendar(calendar)}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2Zm12 8H5v9h14v-9Zm-8 2h2v2h2v2h-2v2h-2v-2H9v-2h2v-2Z"
                />
              </svg>
              {TICKET.addToCalendar}
            </button>
          </div>
        )}
      </section>

      {notice && (
        <p
          className={`ticket-banner ticket-notice ticket-notice-${ticket.tourNotice?.kind ?? 'cancelled'}`}
          role="status"
        >
          {notice}
        </p>
      )}

      {confirmed && <TicketQr code={ticket.checkCode} />}
      <TicketReviewLink ticket={ticket} />
      {/* Back from the card form, the payment is being confirmed: nothing to offer until it is. */}
      {!(fromPayment && awaitingPayment) && (
        <TicketMoney ticket={ticket} offer={offer} excursionId={excursionId} />
      )}

      <dl className="ticket-facts">
        <Fact term={TICKET.assemblyPoint} value={ticket.assemblyPoint} />
        {ticket.seats.length > 0 && <Fact term={TICKET.seats} value={TICKET.seatNumbers(ticket.seats)} />}
        <Fact term={TICKET.adults} value={String(ticket.adults)} />
        <Fact term={TICKET.kids} value={String(ticket.kids)} />
        <div>
          <dt>{TICKET.services}</dt>
          <dd>
            {services.length === 0 ? (
              TICKET.noServices
            ) : (
              <ul className="ticket-services">
                {services.map((service) => (
                  <li key={service.name}>
                    {service.name} · {formatRoubles(service.price)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <Fact term={TICKET.price} value={formatRoubles(ticket.excursionPrice)} strong />
        {ticket.entryPrice > 0 && <Fact term={TICKET.entry} value={formatRoubles(ticket.entryPrice)} />}
      </dl>
    </>
  );
}

/** What the calendar entry says besides the link, which is this app's address on the phone. */
type CalendarEntry = Omit<TicketCalendarData, 'ticketUrl'>;

/**
 * The ticket's calendar entry, all from the replica, so it is made with no network; null for a
 * ticket that will not travel (cancelled, or a hold that ran out) or whose trip is not known.
 */
function calendarEntry(view: TicketView, offer: TicketOffer): CalendarEntry | null {
  const { ticket, excursion } = view;
  const slot = view.tour ?? ticket.tour;
  if (ticket.status !== 'confirmed' && ticket.status !== 'to payment') return null;
  if (offer.kind === 'hold-ran-out' || offer.kind === 'lapsed' || ticket.tourNotice?.kind === 'cancelled')
    return null;
  if (!excursion || !slot || !departureInstant(slot.date, slot.time)) return null;
  return {
    ticketId: ticket._id,
    title: excursion.title,
    date: slot.date,
    time: slot.time,
    duration: excursion.duration,
    assemblyPoint: ticket.assemblyPoint,
    seats: ticket.seats,
    adults: ticket.adults,
    kids: ticket.kids,
  };
}

/** Downloads the ticket's .ics; the phone offers to open it in its calendar. */
function saveCalendar(entry: CalendarEntry) {
  const path = `/profile/tickets/ticket/${encodeURIComponent(entry.ticketId)}`;
  const ics = ticketCalendar({ ...entry, ticketUrl: new URL(path, window.location.origin).href }, new Date());
  if (ics === null) return;
  const url = URL.createObjectURL(new Blob([ics], { type: ICS_CONTENT_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = ticketCalendarFileName(entry.date);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: a browser may read the file only after the click has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Fact({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'ticket-fact-strong' : undefined}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
