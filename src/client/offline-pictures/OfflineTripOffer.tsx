import './offline-pictures.css';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { downloadForTrip, startKeeping, stopDownload, tripOffer, type TripOffer } from './keeper';
import { useKeeperState } from './state';
import { formatMegabytes, OFFLINE_PICTURES as TEXT } from './strings';

const workers = (): ServiceWorkerContainer | undefined =>
  typeof navigator === 'undefined'
    ? undefined
    : (navigator.serviceWorker as ServiceWorkerContainer | undefined);

function subscribeToControl(listener: () => void): () => void {
  workers()?.addEventListener('controllerchange', listener);
  return () => workers()?.removeEventListener('controllerchange', listener);
}

/** Whether the service worker controls the page now (a first visit's worker takes control later). */
function useControlled(): boolean {
  return useSyncExternalStore(
    subscribeToControl,
    () => Boolean(workers()?.controller),
    () => false,
  );
}

/**
 * The trip download offer: its size measured from the catalogue, a button, then the progress with a
 * Stop button. Shown only while the service worker controls the page (its cache is where the pictures
 * go), on the profile screen and at the offline-ready moment.
 */
export function OfflineTripOffer() {
  const controlled = useControlled();
  const state = useKeeperState();
  const [offer, setOffer] = useState<TripOffer | null | undefined>(undefined);
  const trip = state.mode === 'trip';
  const downloading = trip && state.phase === 'running';

  useEffect(() => {
    if (controlled) startKeeping();
  }, [controlled]);
  // Measured again whenever a download ends, so the size shown is what is still missing.
  useEffect(() => {
    if (!controlled || downloading) return;
    let current = true;
    void tripOffer()
      .catch(() => null)
      .then((answer) => {
        if (current) setOffer(answer);
      });
    return () => {
      current = false;
    };
  }, [controlled, downloading]);

  if (!controlled) return null;
  const { done, failed, total, bytes } = state.progress;
  const complete = offer?.count === 0 && !downloading;
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
          <button type="button" className="button" onClick={stopDownload}>
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
          {trip && state.phase === 'stopped' && (
            <p className="offline-offer-note" role="status">
              {TEXT.stopped}
            </p>
          )}
          {state.phase === 'full' && (
            <p className="offline-offer-note offline-offer-warning" role="status">
              {TEXT.full}
            </p>
          )}
          {state.metered && !state.tripChosen && <p className="offline-offer-note">{TEXT.metered}</p>}
          <button type="button" className="button button-accent" onClick={downloadForTrip}>
            {TEXT.offer}
            {offer ? ` · ${formatMegabytes(offer.bytes)}` : ''}
          </button>
        </>
      )}
    </section>
  );
}
