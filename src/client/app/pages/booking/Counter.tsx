import { useId, useState } from 'react';
import { BOOKING } from './strings';

interface CounterProps {
  label: string;
  hint: string;
  value: number;
  canDecrement: boolean;
  canIncrement: boolean;
  onDecrement: () => void;
  onIncrement: () => void;
  /** A typed value; the parent clamps it (SPEC §5), so the field always shows a valid count. */
  onType: (value: number) => void;
  disabled?: boolean;
}

/** One party count with − and + (adults, kids). While typing the field keeps the person's text. */
export function Counter(props: CounterProps) {
  const { label, hint, value, canDecrement, canIncrement, onDecrement, onIncrement, onType, disabled } =
    props;
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  // The typed text stays while it is empty or already valid; a clamped value shows at once.
  const shown = draft !== null && (draft.trim() === '' || Number(draft) === value) ? draft : String(value);
  return (
    <div className="booking-counter">
      <label className="booking-counter-label" htmlFor={id}>
        <span>{label}</span>
        <span className="booking-counter-hint">{hint}</span>
      </label>
      <div className="booking-stepper">
        <button
          type="button"
          className="stepper-button"
          aria-label={BOOKING.fewer(label)}
          disabled={disabled || !canDecrement}
          onClick={onDecrement}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={shown}
          disabled={disabled}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            if (text.trim() !== '' && Number.isFinite(Number(text))) onType(Number(text));
          }}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          className="stepper-button"
          aria-label={BOOKING.more(label)}
          disabled={disabled || !canIncrement}
          onClick={onIncrement}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
