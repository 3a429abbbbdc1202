import { useState } from 'react';
import {
  applyTourChange,
  bookingRequest,
  canGoToSeats,
  canPayAtCountStep,
  countLimits,
  hasSeatStep,
  partySize,
  type BookingCounts,
  type BookingSelection,
  type CountLimits,
} from '../../../../domain/booking';
import { formatRoubles, selectedServices, totalPrice } from '../../../../domain/pricing';
import { canPayAtSeatStep, toggleSeat } from '../../../../domain/seat-selection';
import type { EntityId, ReplicaExcursion, TicketService, ReplicaTour } from '../../../../domain/types';
import { CancelPolicy } from '../../components/money/CancelPolicy';
import { ActionBar } from './ActionBar';
import { BookingMessage, SeatsTakenMessage } from './BookingMessage';
import { CountStep } from './CountStep';
import { useOnline } from '../../hooks/online';
import { SeatStep } from './SeatStep';
import { SEATS, BOOKING } from './strings';
import { useBookTicket } from './useBookTicket';

interface BookingFormProps {
  excursion: ReplicaExcursion;
  /** Bookable tours, earliest first. */
  tours: readonly [ReplicaTour, ...ReplicaTour[]];
  userId: number | null;
}

const FIRST_SELECTION: BookingSelection = { counts: { adults: 1, kids: 0 }, seats: [] };

/** The tour as far as this booking is concerned: seats the seller reserved are never free. */
function bookable(tour: ReplicaTour, excursion: ReplicaExcursion): ReplicaTour {
  const reserved = new Set(excursion.reservedSeats);
  return { ...tour, emptySeats: tour.emptySeats.filter((seat) => !reserved.has(seat)) };
}

/**
 * The booking's two steps (SPEC §4 Booking). The state holds what the person chose; what is shown is
 * that choice re-checked against the live tour on every render, so when another buyer takes seats the
 * counts clamp and the taken seats drop without waiting for a click.
 */
export function BookingForm({ excursion, tours, userId }: BookingFormProps) {
  const [step, setStep] = useState<0 | 1>(0);
  const [tourId, setTourId] = useState<EntityId>(() => tours[0]._id);
  const [point, setPoint] = useState(() => excursion.assemblyPoints[0] ?? '');
  const [chosen, setChosen] = useState<BookingSelection>(FIRST_SELECTION);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const { state, submit, clear } = useBookTicket();
  const online = useOnline();

  // The chosen tour, or the first one if it has gone (departed or removed) meanwhile.
  const tour = bookable(tours.find((t) => t._id === tourId) ?? tours[0], excursion);
  const selection = applyTourChange(chosen, excursion, tour);
  const limits = countLimits(excursion, tour);
  const { counts, seats } = selection;
  // Seats the person chose on this tour that are no longer free: another buyer took them meanwhile.
  // Choosing again (or another tour) replaces the choice, and with it this list.
  const takenMeanwhile =
    tour._id === tourId ? chosen.seats.filter((seat) => !tour.emptySeats.includes(seat)) : [];
  const assemblyPoint = excursion.assemblyPoints.includes(point)
    ? point
    : (excursion.assemblyPoints[0] ?? '');
  const services: TicketService[] = excursion.services.map((service) => ({
    name: service.name,
    price: service.price,
    selected: ticked.has(service.name),
  }));
  const total = totalPrice(excursion, counts, selectedServices(services));
  const seatStep = hasSeatStep(excursion.busType);
  const onSeats = seatStep && step === 1;
  const submitting = state.phase === 'submitting';

  // Any change makes the last refusal stale.
  const change = (next: BookingSelection) => {
    clear();
    setChosen(next);
  };

  const changeTour = (id: EntityId) => {
    const next = tours.find((t) => t._id === id);
    if (!next) return;
    setTourId(id);
    change(applyTourChange(selection, excursion, bookable(next, excursion)));
  };

  const changeCounts = (update: (counts: BookingCounts, limits: CountLimits) => BookingCounts) =>
    change(applyTourChange({ counts: update(counts, limits), seats }, excursion, tour));

  const toggle = (seat: number) =>
    change({ counts, seats: [...toggleSeat(seats, seat, tour.emptySeats, partySize(counts))] });

  const tickService = (name: string, selected: boolean) => {
    clear();
    setTicked((current) => {
      const next = new Set(current);
      if (selected) next.add(name);
      else next.delete(name);
      return next;
    });
  };

  const goTo = (next: 0 | 1) => {
    clear();
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const pay = () => {
    if (userId === null) return;
    void submit(bookingRequest(excursion, { tourId: tour._id, userId, assemblyPoint, selection, services }));
  };

  const action = onSeats
    ? { label: BOOKING.pay, disabled: userId === null || !canPayAtSeatStep(seats, counts), onClick: pay }
    : seatStep
      ? { label: BOOKING.toSeats, disabled: !canGoToSeats(counts), onClick: () => goTo(1) }
      : {
          label: BOOKING.pay,
          disabled: userId === null || !canPayAtCountStep(excursion.busType, counts, limits),
          onClick: pay,
        };

  return (
    <>
      <p className="booking-excursion">{excursion.title}</p>
      <CancelPolicy className="booking-cancel-policy" freeCancelHours={excursion.freeCancelHours} />
      <section className="booking-step" aria-labelledby="booking-step-title">
        {seatStep && <p className="booking-step-number">{BOOKING.stepOf(onSeats ? 2 : 1, 2)}</p>}
        <h2 id="booking-step-title">{onSeats ? BOOKING.seatStep : BOOKING.countStep}</h2>
        {!online && (
          <p className="booking-note booking-note-offline" role="status">
            {BOOKING.offlineNote}
          </p>
        )}
        {onSeats ? (
          <SeatStep
            excursion={excursion}
            counts={counts}
            seats={seats}
            freeSeats={tour.emptySeats}
            onToggle={toggle}
            submitting={submitting}
          />
        ) : (
          <CountStep
            excursion={excursion}
            tours={tours}
            tour={tour}
            assemblyPoint={assemblyPoint}
            counts={counts}
            limits={limits}
            services={services}
            submitting={submitting}
            onTour={changeTour}
            onAssemblyPoint={(next) => {
              clear();
              setPoint(next);
            }}
            onCounts={changeCounts}
            onService={tickService}
          />
        )}
      </section>
      <div className="booking-dock">
        <SeatsTakenMessage seats={takenMeanwhile} />
        <BookingMessage state={state} onClose={clear} />
        <ActionBar
          submitting={submitting}
          action={action}
          onBack={onSeats ? () => goTo(0) : undefined}
          summary={
            onSeats ? (
              <>
                <span className="booking-actions-label">{SEATS.chosenLabel}</span>
                <strong data-testid="seats-chosen">
                  {SEATS.chosenShort(seats.length, partySize(counts))}
                </strong>
              </>
            ) : (
              <>
                <span className="booking-actions-label">{BOOKING.total}</span>
                <strong data-testid="booking-total">{formatRoubles(total)}</strong>
              </>
            )
          }
        />
      </div>
    </>
  );
}
