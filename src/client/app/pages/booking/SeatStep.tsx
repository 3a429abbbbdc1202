import { useState } from 'react';
import { partySize, type BookingCounts } from '../../../../domain/booking';
import { seatClickOutcome } from '../../../../domain/seat-selection';
import { seatLayout } from '../../../../domain/seats';
import type { ReplicaExcursion } from '../../../../domain/types';
import { SeatLegend, SeatMap } from '../../components/seats/SeatMap';
import { SEATS } from './strings';

interface SeatStepProps {
  excursion: ReplicaExcursion;
  counts: BookingCounts;
  seats: readonly number[];
  /** The tour's empty seats the seller has not reserved. */
  freeSeats: readonly number[];
  onToggle: (seat: number) => void;
  submitting: boolean;
}

/** Step 1 (SPEC §2, §5): one seat per person on the bus map; only free seats can be taken. */
export function SeatStep({ excursion, counts, seats, freeSeats, onToggle, submitting }: SeatStepProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const layout = seatLayout(excursion.busType, excursion.numberOfRows);
  if (!layout) return null;
  const needed = partySize(counts);

  const click = (seat: number) => {
    const outcome = seatClickOutcome(seats, seat, freeSeats, needed);
    if (outcome === 'not-free') setRefusal(SEATS.notFree(seat));
    else if (outcome === 'party-full') setRefusal(SEATS.partyFull(needed));
    else {
      setRefusal(null);
      onToggle(seat);
    }
  };

  return (
    <>
      <p className="seat-hint">{SEATS.hint(needed)}</p>
      <SeatLegend />
      <p className="seat-counter" role="status" data-testid="seat-counter">
        {SEATS.chosen(seats.length, needed)}
      </p>
      <p className="seat-refusal" role="status">
        {refusal}
      </p>
      <SeatMap
        layout={layout}
        availability={{ emptySeats: freeSeats, selected: seats, reserved: excursion.reservedSeats }}
        onSeat={click}
        disabled={submitting}
      />
    </>
  );
}
