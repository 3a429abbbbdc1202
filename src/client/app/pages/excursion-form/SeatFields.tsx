import { formMaxPeople } from '../../../../domain/excursion-form-values';
import { changeBusType } from '../../../../domain/seat-config';
import type { BusType } from '../../../../domain/types';
import type { SectionProps } from './form-props';
import { ChoiceField, NumberField } from './fields';
import { SeatConfigurator } from './SeatConfigurator';
import { SEATS_FORM } from './strings';

const BUS_OPTIONS: readonly { value: BusType; label: string }[] = [
  { value: 'coach', label: SEATS_FORM.coach },
  { value: 'van', label: SEATS_FORM.van },
  { value: 'none', label: SEATS_FORM.none },
];

/**
 * Wizard step 5 and the editor's 'Места': the bus type (changing it resets the rows to 13 or 5) and
 * either the seat layout or, without one, the number of visitors. maxPeople must end above 0.
 */
export function SeatFields({ values, update }: SectionProps) {
  const seats = values.seats;
  return (
    <>
      <ChoiceField
        label={SEATS_FORM.busType}
        value={seats.busType}
        options={BUS_OPTIONS}
        onChange={(busType) => update({ seats: changeBusType(seats, busType) })}
      />
      {seats.busType === 'none' ? (
        <NumberField
          label={SEATS_FORM.visitorCount}
          required
          hint={SEATS_FORM.visitorHint}
          value={values.visitorCount}
          onChange={(visitorCount) => update({ visitorCount })}
        />
      ) : (
        <SeatConfigurator
          config={seats}
          maxPeople={formMaxPeople(values)}
          onChange={(config) => update({ seats: config })}
        />
      )}
    </>
  );
}
