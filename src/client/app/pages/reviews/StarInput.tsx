import { MAX_RATING, MIN_RATING } from '../../../../domain/review-rules';
import { starsLabel } from './strings';

/**
 * The rating as a native radio group: arrow keys move between the stars, a screen reader says
 * '4 звезды', and a tap on a star picks it. The stars up to the chosen one are lit.
 */
export function StarInput({
  value,
  onChange,
  legend,
  disabled,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  legend: string;
  disabled?: boolean;
}) {
  const ratings = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MIN_RATING + i);
  return (
    <fieldset className="star-input" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="star-input-row">
        {ratings.map((rating) => (
          <label key={rating} className={value !== null && rating <= value ? 'on' : undefined}>
            <input
              type="radio"
              name="rating"
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={starsLabel(rating)}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
