import './date-form.css';
import { useId, useState } from 'react';
import { clampPartySize, MIN_PARTY_SIZE } from '../../../../domain/availability';
import { DATE_FORM } from './strings';

/**
 * The party size with minus and plus (SPEC §5: a number, at least 1; minus never goes below 1).
 * While the user types, the field keeps their text; the value it reports is always a valid size.
 * `name` is the field's name when a form sends it.
 */
export function PartySizeInput({
  value,
  onChange,
  name,
}: {
  value: number;
  onChange: (size: number) => void;
  name?: string;
}) {
  const labelId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="field party-size">
      <span className="field-label" id={labelId}>
        {DATE_FORM.partySize}
      </span>
      <div className="stepper">
        <button
          type="button"
          className="stepper-button"
          aria-label={DATE_FORM.fewer}
          disabled={value <= MIN_PARTY_SIZE}
          onClick={() => onChange(clampPartySize(value - 1))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          type="number"
          name={name}
          inputMode="numeric"
          min={MIN_PARTY_SIZE}
          step={1}
          aria-labelledby={labelId}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            if (text.trim() !== '' && Number.isFinite(Number(text))) onChange(clampPartySize(Number(text)));
          }}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          className="stepper-button"
          aria-label={DATE_FORM.more}
          onClick={() => onChange(clampPartySize(value + 1))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
