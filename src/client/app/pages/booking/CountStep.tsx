import { useId } from 'react';
import {
  canDecrementAdults,
  canDecrementKids,
  canIncrementAdults,
  canIncrementKids,
  decrementAdults,
  decrementKids,
  incrementAdults,
  incrementKids,
  isPlacesLeftCritical,
  placesLeft,
  placesLeftLabel,
  setAdults,
  setKids,
  type BookingCounts,
  type CountLimits,
} from '../../../../domain/booking';
import { formatTourDate } from '../../../../domain/dates';
import { entryPrice, sumWithEntry, totalPrice, selectedServices } from '../../../../domain/pricing';
import type { EntityId, ReplicaExcursion, TicketService, ReplicaTour } from '../../../../domain/types';
import { Counter } from './Counter';
import { BOOKING } from './strings';

export interface CountStepProps {
  excursion: ReplicaExcursion;
  tours: readonly ReplicaTour[];
  tour: ReplicaTour;
  assemblyPoint: string;
  counts: BookingCounts;
  limits: CountLimits;
  services: readonly TicketService[];
  submitting: boolean;
  onTour: (id: EntityId) => void;
  onAssemblyPoint: (point: string) => void;
  onCounts: (change: (counts: BookingCounts, limits: CountLimits) => BookingCounts) => void;
  onService: (name: string, selected: boolean) => void;
}

/** Step 0 'Рассчет стоимости' (SPEC §2, §4, §5): tour, assembly point, party, services and the sum. */
export function CountStep(props: CountStepProps) {
  const { excursion, tours, tour, assemblyPoint, counts, limits, services, submitting } = props;
  const tourId = useId();
  const pointId = useId();
  const left = placesLeft(excursion, tour);
  const chosen = selectedServices(services);
  const online = totalPrice(excursion, counts, chosen);
  const entry = entryPrice(excursion, counts);

  return (
    <>
      <div className="booking-field">
        <label className="booking-label" htmlFor={tourId}>
          {BOOKING.tour}
        </label>
        <select
          id={tourId}
          className="booking-select"
          value={tour._id}
          disabled={submitting}
          onChange={(event) => props.onTour(event.target.value)}
        >
          {tours.map((option) => (
            <option key={option._id} value={option._id}>
              {formatTourDate(option.date, option.time)}
            </option>
          ))}
        </select>
        <p
          className={`booking-places${isPlacesLeftCritical(left) ? ' booking-places-critical' : ''}`}
          data-testid="places-left"
        >
          {placesLeftLabel(left)}
        </p>
      </div>

      {excursion.assemblyPoints.length > 0 && (
        <div className="booking-field">
          <label className="booking-label" htmlFor={pointId}>
            {BOOKING.assemblyPoint}
          </label>
          <select
            id={pointId}
            className="booking-select"
            value={assemblyPoint}
            disabled={submitting}
            onChange={(event) => props.onAssemblyPoint(event.target.value)}
          >
            {excursion.assemblyPoints.map((point) => (
              <option key={point} value={point}>
                {point}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className="booking-counters">
        <Counter
          label={BOOKING.adults}
          hint={BOOKING.perPerson(excursion.adultPrice)}
          value={counts.adults}
          canDecrement={canDecrementAdults(counts)}
          canIncrement={canIncrementAdults(counts, limits)}
          onDecrement={() => props.onCounts(decrement('adults'))}
          onIncrement={() => props.onCounts(increment('adults'))}
          onType={(value) => props.onCounts((c, l) => clampTyped(c, l, 'adults', value))}
          disabled={submitting}
        />
        {excursion.childrenAllowed ? (
          <Counter
            label={BOOKING.kids}
            hint={BOOKING.perPerson(excursion.kidPrice)}
            value={counts.kids}
            canDecrement={canDecrementKids(counts)}
            canIncrement={canIncrementKids(counts, limits)}
            onDecrement={() => props.onCounts(decrement('kids'))}
            onIncrement={() => props.onCounts(increment('kids'))}
            onType={(value) => props.onCounts((c, l) => clampTyped(c, l, 'kids', value))}
            disabled={submitting}
          />
        ) : (
          <p className="booking-note">{BOOKING.noChildren}</p>
        )}
        {limits.capacity === 0 && <p className="booking-note booking-note-warn">{BOOKING.soldOut}</p>}
      </div>

      {services.length > 0 && (
        <fieldset className="booking-services">
          <legend className="booking-label">{BOOKING.services}</legend>
          <div className="booking-services-list">
            {services.map((service) => (
              <label key={service.name} className="booking-service">
                <input
                  type="checkbox"
                  checked={service.selected}
                  disabled={submitting}
                  onChange={(event) => props.onService(service.name, event.target.checked)}
                />
                <span className="booking-service-name">{service.name}</span>
                <span className="booking-service-price">{BOOKING.servicePrice(service.price)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <div className="booking-info" role="status" data-testid="booking-sum">
        <p className="booking-info-sum">
          {entry > 0
            ? BOOKING.sumWithEntry(sumWithEntry(excursion, counts, chosen))
            : BOOKING.sum(sumWithEntry(excursion, counts, chosen))}
        </p>
        {entry > 0 && <p>{BOOKING.entryCash(entry, online)}</p>}
      </div>
    </>
  );
}

// The domain's clamps, by who changes, so each button states its rule in one place.
function increment(who: 'adults' | 'kids') {
  return (counts: BookingCounts, limits: CountLimits) =>
    who === 'adults' ? incrementAdults(counts, limits) : incrementKids(counts, limits);
}

function decrement(who: 'adults' | 'kids') {
  return (counts: BookingCounts, limits: CountLimits) =>
    who === 'adults' ? decrementAdults(counts, limits) : decrementKids(counts, limits);
}

function clampTyped(counts: BookingCounts, limits: CountLimits, who: 'adults' | 'kids', value: number) {
  return who === 'adults' ? setAdults(counts, value, limits) : setKids(counts, value, limits);
}
