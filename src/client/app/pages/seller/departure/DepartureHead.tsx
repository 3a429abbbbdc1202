import type { DepartureView } from './queries';
import { MANIFEST as TEXT } from './strings';

/** The departure's excursion, date and time; a cancelled departure (its tour gone) says so. */
export function DepartureHead({ departure }: { departure: DepartureView }) {
  return (
    <header className="departure-head">
      <h2>{departure.excursion?.title}</h2>
      <p>
        <time dateTime={`${departure.date}T${departure.time}`}>
          {TEXT.when(departure.date, departure.time)}
        </time>
        {!departure.tour && <span className="departure-head-cancelled">{TEXT.cancelledTour}</span>}
      </p>
    </header>
  );
}
