import {
  addRow,
  canRemoveRow,
  configSeatState,
  removeRow,
  toggleReservedSeat,
  type SeatConfiguration,
} from '../../../../domain/seat-config';
import { seatLayout } from '../../../../domain/seats';
import { SeatLegend, SeatMap, type LegendItem } from '../../components/seats/SeatMap';
import { FormIcon } from './icons';
import { SEATS_FORM } from './strings';

const LEGEND: readonly LegendItem[] = [
  { state: 'available', label: SEATS_FORM.onSale },
  { state: 'unavailable', label: SEATS_FORM.reserved },
];

/**
 * The seller's seat layout (SPEC §4): the coach or van from above with its wheel and door; a click on
 * a seat takes it out of sale or puts it back; rows are added, or removed while more than one remains.
 */
export function SeatConfigurator({
  config,
  onChange,
  maxPeople,
}: {
  config: SeatConfiguration;
  onChange: (config: SeatConfiguration) => void;
  maxPeople: number;
}) {
  const layout = seatLayout(config.busType, config.numberOfRows);
  if (!layout) return null;
  return (
    <div className="xf-seats">
      <p className="xf-hint">{SEATS_FORM.hint}</p>
      <SeatLegend items={LEGEND} />
      <div className="xf-rows">
        <span className="xf-rows-count" data-testid="seat-rows">
          {SEATS_FORM.rows(config.numberOfRows)}
        </span>
        <button
          type="button"
          className="xf-row-button"
          aria-label={SEATS_FORM.removeRow}
          title={SEATS_FORM.removeRow}
          disabled={!canRemoveRow(config)}
          onClick={() => onChange(removeRow(config))}
        >
          <FormIcon name="minus" size={24} />
        </button>
        <button
          type="button"
          className="xf-row-button"
          aria-label={SEATS_FORM.addRow}
          title={SEATS_FORM.addRow}
          onClick={() => onChange(addRow(config))}
        >
          <FormIcon name="plus" size={24} />
        </button>
      </div>
      <p className="xf-seat-total" role="status" data-testid="max-people">
        {SEATS_FORM.maxPeople(maxPeople)}
      </p>
      <SeatMap
        mode="configure"
        layout={layout}
        label={SEATS_FORM.map}
        stateOf={(seat) => configSeatState(config, seat)}
        onSeat={(seat) => onChange(toggleReservedSeat(config, seat))}
        disabled={false}
      />
    </div>
  );
}
