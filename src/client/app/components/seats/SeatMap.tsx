import './seats.css';
import type { SeatAvailability, SeatCell, SeatLayout, SeatState } from '../../../../domain/seats';
import { seatState } from '../../../../domain/seats';
import { CheckIcon, CrossIcon, DoorIcon, WheelIcon } from './icons';
import { SEAT_MAP } from './strings';

/**
 * Where a seat's state comes from:
 * - `availability`: a tour being booked. Chosen seats are pressed; unavailable ones say so to
 *   assistive tech (aria-disabled) but stay clickable, so a refused click can explain why.
 * - `stateOf` with `mode: 'configure'`: the seller's layout. Every seat is a switch; a seat kept out of
 *   sale is drawn unavailable and is the pressed state.
 */
type SeatSource =
  | { availability: SeatAvailability; stateOf?: never; mode?: 'book' }
  | { stateOf: (seat: number) => SeatState; availability?: never; mode: 'configure' };

export type SeatMapProps = SeatSource & {
  layout: SeatLayout;
  onSeat: (seat: number) => void;
  /** While a request runs nothing changes. */
  disabled: boolean;
  /** The map's accessible name; 'Схема мест в автобусе' by default. */
  label?: string;
};

/**
 * The bus seen from above, front at the top (SPEC §3): the wheel and the door where they are, each
 * seat a button. A state is told by colour and by shape (outline, check, cross), never colour alone.
 */
export function SeatMap(props: SeatMapProps) {
  const { layout, label } = props;
  const configure = props.mode === 'configure';
  return (
    <div className="seat-bus">
      <div
        className={`seat-map seat-map-${layout.busType}${configure ? ' seat-map-configure' : ''}`}
        role="group"
        aria-label={label ?? SEAT_MAP.map}
      >
        {layout.rows.map((row, r) =>
          row.map((cell, c) => <Cell key={`${r}-${c}`} cell={cell} map={props} />),
        )}
      </div>
    </div>
  );
}

function stateOf(map: SeatMapProps, seat: number): SeatState {
  return map.stateOf ? map.stateOf(seat) : seatState(seat, map.availability);
}

function Cell({ cell, map }: { cell: SeatCell; map: SeatMapProps }) {
  switch (cell.kind) {
    case 'seat': {
      const state = stateOf(map, cell.number);
      return (
        <SeatButton
          number={cell.number}
          state={state}
          configure={map.mode === 'configure'}
          disabled={map.disabled}
          onClick={() => map.onSeat(cell.number)}
        />
      );
    }
    case 'wheel':
      return (
        <div className="seat-cell seat-wheel" role="img" aria-label={SEAT_MAP.driver}>
          <WheelIcon />
        </div>
      );
    case 'door':
      return (
        <div className="seat-cell seat-door" role="img" aria-label={SEAT_MAP.door}>
          <DoorIcon />
          <span aria-hidden="true">{SEAT_MAP.door}</span>
        </div>
      );
    case 'aisle':
    case 'empty':
      return <div className="seat-cell" aria-hidden="true" />;
  }
}

function SeatButton({
  number,
  state,
  configure,
  disabled,
  onClick,
}: {
  number: number;
  state: SeatState;
  configure: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`seat seat-${state}`}
      aria-label={SEAT_MAP.seat(number)}
      aria-pressed={configure ? state === 'unavailable' : state === 'selected'}
      // Still clickable, so a refused click can say why; assistive tech hears it is unavailable.
      aria-disabled={!configure && state === 'unavailable' ? true : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="seat-number">{number}</span>
      {state !== 'available' && <SeatMark state={state} />}
    </button>
  );
}

function SeatMark({ state }: { state: SeatState }) {
  return <span className="seat-mark">{state === 'selected' ? <CheckIcon /> : <CrossIcon />}</span>;
}

export interface LegendItem {
  state: SeatState;
  label: string;
}

const BOOKING_LEGEND: readonly LegendItem[] = [
  { state: 'available', label: SEAT_MAP.available },
  { state: 'selected', label: SEAT_MAP.selected },
  { state: 'unavailable', label: SEAT_MAP.unavailable },
];

/** The states as the map draws them, so the legend can never drift from the seats. */
export function SeatLegend({ items = BOOKING_LEGEND }: { items?: readonly LegendItem[] }) {
  return (
    <ul className="seat-legend" aria-label={SEAT_MAP.legend}>
      {items.map(({ state, label }) => (
        <li key={state}>
          <span className={`seat seat-${state} seat-sample`} aria-hidden="true">
            {state !== 'available' && <SeatMark state={state} />}
          </span>
          {label}
        </li>
      ))}
    </ul>
  );
}
