import '../seller.css';
import '../seller-excursion.css';
import './departure.css';
import './departure-entries.css';
import './departure-boarding.css';
import { Link, useSearchParams } from 'react-router-dom';
import { awaitsBoarding } from '../../../../../domain/boarding';
import { PageHeader } from '../../../components/PageHeader';
import { SellerIcon } from '../icons';
import { DepartureIcon } from './icons';
import { WithDeparture } from './access';
import { BoardingConflicts } from './BoardingConflicts';
import { DepartureHead } from './DepartureHead';
import { useQrReaderKeptOffline } from './keep-reader';
import { ManifestEntryCard } from './ManifestEntryCard';
import type { DepartureView } from './queries';
import { MANIFEST as TEXT } from './strings';
import { manifestSummary } from './summary';
import { TourOperations } from './TourOperations';

const WAITING = 'waiting';

/**
 * /profile/departure/{tourId}: who is booked on a departure, from the seller's manifest on the phone,
 * so the guide has it on the road with no signal. 'Не сели' narrows it to paid passengers not on board.
 */
export function ManifestPage() {
  return (
    <article className="seller-page departure-page">
      <PageHeader title={TEXT.title} />
      <WithDeparture>{({ departure }) => <Manifest departure={departure} />}</WithDeparture>
    </article>
  );
}

function Manifest({ departure }: { departure: DepartureView }) {
  const [search, setSearch] = useSearchParams();
  const waitingOnly = search.get('filter') === WAITING;
  const summary = manifestSummary(departure.rows);
  const shown = waitingOnly ? departure.rows.filter(awaitsBoarding) : departure.rows;
  const people = summary.booked;
  useQrReaderKeptOffline(departure.tour !== null);

  return (
    <>
      <DepartureHead departure={departure} />
      <section className="seller-summary departure-counts" aria-label={TEXT.counts}>
        <Count value={summary.booked} label={TEXT.booked} />
        <Count value={summary.paid} label={TEXT.paid} />
        <Count value={summary.boarded} label={TEXT.boarded} />
        <Count value={summary.notBoarded} label={TEXT.notBoarded} />
      </section>

      {departure.tour && (
        <nav className="seller-actions departure-actions" aria-label={TEXT.boarding}>
          <Link className="seller-action" to={`/profile/departure/${departure.tourId}/boarding`}>
            <span className="seller-action-icon">
              <DepartureIcon name="qr" />
            </span>
            <span className="seller-action-text">
              <strong>{TEXT.boarding}</strong>
              <span>{TEXT.boardingHint}</span>
            </span>
            <SellerIcon name="chevron" />
          </Link>
        </nav>
      )}

      <BoardingConflicts tourId={departure.tourId} rows={departure.rows} />

      {summary.byPoint.length > 0 && <Totals title={TEXT.byPoint} rows={summary.byPoint} />}
      {summary.byService.length > 0 && <Totals title={TEXT.byService} rows={summary.byService} />}

      <section className="departure-list" aria-labelledby="departure-list-title">
        <div className="departure-list-head">
          <h2 id="departure-list-title">{TEXT.list}</h2>
          <div className="departure-filter" role="group" aria-label={TEXT.list}>
            <button
              type="button"
              aria-pressed={!waitingOnly}
              onClick={() => setSearch({}, { replace: true })}
            >
              {TEXT.filterAll}
            </button>
            <button
              type="button"
              aria-pressed={waitingOnly}
              onClick={() => setSearch({ filter: WAITING }, { replace: true })}
            >
              {TEXT.filterWaiting} · {summary.notBoarded}
            </button>
          </div>
        </div>
        {shown.length === 0 ? (
          <p className="departure-empty">{waitingOnly ? TEXT.emptyWaiting : TEXT.empty}</p>
        ) : (
          <ul className="departure-entries">
            {shown.map((row) => (
              <li key={row._id}>
                <ManifestEntryCard row={row} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {departure.tour && <TourOperations tour={departure.tour} people={people} />}
    </>
  );
}

function Count({ value, label }: { value: number; label: string }) {
  return (
    <p>
      <strong>{value}</strong>
      <span>{label}</span>
    </p>
  );
}

function Totals({ title, rows }: { title: string; rows: { name: string; people: number }[] }) {
  return (
    <section className="departure-totals" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {rows.map((row) => (
          <li key={row.name}>
            <span>{row.name || TEXT.noPoint}</span>
            <strong>{TEXT.people(row.people)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
