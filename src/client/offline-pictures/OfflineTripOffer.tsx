import './offline-pictures.css';
import { formatMegabytes, OFFLINE_PICTURES as TEXT } from './strings';
import { tripOutcome } from './state';
import { useTripOffer } from './use-trip-offer';

/**
 * The trip download offer: its size measured from the catalogue, a button, then the progress with a
 * Stop button. Shown only while the service worker controls the page (its cache is where the pictures
 * go), on the profile screen. The offline-ready line offers the same download in its own compact way
 * (app/pwa/OfflineReadyLine.tsx).
 */
export function OfflineTripOffer() {
  const { controlled, state, offer, downloading, complete, download, stop } = useTripOffer();
  const outcome = tripOutcome(state);

  if (!controlled) return null;
  const { done, failed, total, bytes } = state.progress;
  return (
    <section className="offline-offer" aria-label={TEXT.title}>
      <h2 className="offline-offer-title">{TEXT.title}</h2>
      {downloading ? (
        <>
          <progress
            className="offline-offer-progress"
            aria-label={TEXT.progressLabel}
            max={Math.max(total, 1)}
            value={done + failed}
          />
          <p className="offline-offer-note" role="status">
            {TEXT.progress(done, total, formatMegabytes(bytes))}
          </p>
          <button type="button" className="button" onClick={stop}>
            {TEXT.stop}
          </button>
        </>
      ) : complete ? (
        <p className="offline-offer-note" role="status">
          {TEXT.done}
        </p>
      ) : (
        <>
          <p className="offline-offer-note">
            {offer === undefined
              ? TEXT.measuring
              : offer === null
                ? TEXT.sizeUnknown
                : TEXT.offerSize(formatMegabytes(offer.bytes))}
          </p>
          {(outcome === 'stopped' || outcome === 'partial') && (
            <p className="offline-offer-note" role="status">
              {TEXT[outcome]}
            </p>
          )}
          {state.phase === 'full' && (
            <p className="offline-offer-note offline-offer-warning" role="status">
              {TEXT.full}
            </p>
          )}
          {state.metered && !state.tripChosen && <p className="offline-offer-note">{TEXT.metered}</p>}
          <button type="button" className="button button-accent" onClick={download}>
            {TEXT.offer}
            {offer ? ` · ${formatMegabytes(offer.bytes)}` : ''}
          </button>
        </>
      )}
    </section>
  );
}
