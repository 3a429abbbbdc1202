import { MAX_RATING } from '../../../../domain/review-rules';

/** A rating drawn as five stars, the filled ones first; `label` is what a screen reader hears. */
export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="review-stars" role="img" aria-label={label}>
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <span key={i} className={i < Math.round(rating) ? 'on' : undefined} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
