import { passengerName, crimeaClock } from '../../../../../domain/boarding';
import { formatPhone, nationalDigits } from '../../../../../domain/phone';
import { DepartureIcon } from './icons';
import type { ManifestRow } from './queries';
import { MANIFEST as TEXT } from './strings';

/** The status badge: held, paid, on the bus (with the time) or cancelled. */
function badge(row: ManifestRow): { label: string; tone: string } {
  if (row.status === 'cancelled') return { label: TEXT.statusCancelled, tone: 'cancelled' };
  if (row.status !== 'confirmed') return { label: TEXT.statusHeld, tone: 'held' };
  if (row.checkedInAt) return { label: TEXT.statusBoarded(crimeaClock(row.checkedInAt)), tone: 'boarded' };
  return { label: TEXT.statusPaid, tone: 'paid' };
}

/** A Russian number (kept as 8XXXXXXXXXX) dialled in the international form; anything else as it is. */
function telHref(phone: string): string {
  const national = nationalDigits(phone);
  return national.length === 10 ? `tel:+7${national}` : `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

/** One booking on the manifest: who, how to reach them, where they sit and board, and its status. */
export function ManifestEntryCard({ row }: { row: ManifestRow }) {
  const { label, tone } = badge(row);
  const name = passengerName(row.buyer);
  const services = row.services.filter((service) => service.selected);
  return (
    <article className={`departure-entry departure-entry--${tone}`} aria-label={name}>
      <header>
        <h3>{name}</h3>
        <span className={`departure-badge departure-badge--${tone}`}>{label}</span>
      </header>
      {row.pending && <p className="departure-pending">{TEXT.pending}</p>}
      <p className="departure-party">
        {TEXT.adultsKids(row.adults, row.kids)}
        <span aria-hidden="true"> · </span>
        {row.seats.length > 0 ? TEXT.seats(row.seats) : TEXT.noSeats}
      </p>
      <dl className="departure-facts">
        <div>
          <dt>{TEXT.assemblyPoint}</dt>
          <dd>{row.assemblyPoint || TEXT.noPoint}</dd>
        </div>
        {services.length > 0 && (
          <div>
            <dt>{TEXT.services}</dt>
            <dd>{services.map((service) => service.name).join(', ')}</dd>
          </div>
        )}
      </dl>
      <p className="departure-contacts">
        {row.buyer.phone && (
          <a className="departure-call" href={telHref(row.buyer.phone)}>
            <DepartureIcon name="phone" size={18} />
            <span>
              {TEXT.call} <span className="departure-phone">{formatPhone(row.buyer.phone)}</span>
            </span>
          </a>
        )}
        {row.buyer.email && (
          <a className="departure-mail" href={`mailto:${row.buyer.email}`}>
            {row.buyer.email}
          </a>
        )}
      </p>
    </article>
  );
}
