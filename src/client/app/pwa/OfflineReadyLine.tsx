import { useEffect, useState } from 'react';
import { formatMegabytes, OFFLINE_PICTURES as TRIP } from '../../offline-pictures/strings';
import { tripOutcome } from '../../offline-pictures/state';
import { useTripOffer, type TripOfferView } from '../../offline-pictures/use-trip-offer';
import { setPwaState } from './state';
import { PWA } from './strings';

/** How long each message of the line stays: it asks nothing of the person, so it goes by itself. */
export const OFFLINE_READY_SHOWN_MS = 8_000;
/** How long the spec's words stay before the line offers the trip download in their place. */
export const OFFER_AFTER_MS = 5_000;

type Stage = 'ready' | 'offer' | 'trip';

const close = () => setPwaState({ offlineReady: false });

/**
 * The offline-ready line of the toast. It says 'App ready to work offline' (SPEC §1); then, when the
 * catalogue's pictures are not all kept yet, the same line offers the trip download with its size. A
 * tap follows the download there, with Stop, until it ends. Every stage fits the one slim line, so
 * the page under it never moves again after the line first appears.
 */
export function OfflineReadyLine() {
  const [stage, setStage] = useState<Stage>('ready');
  const [due, setDue] = useState(false);
  // The offer is measured once it is due: the line first appears while a first visit's page is still
  // loading, and measuring then would compete with it.
  const trip = useTripOffer(due);
  const offerable = Boolean(trip.offer && trip.offer.count > 0 && !trip.state.tripChosen);
  const holding = stage === 'trip' && trip.downloading;

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), OFFER_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (stage === 'ready' && due && offerable) setStage('offer');
  }, [stage, due, offerable]);
  // Each stage gets its own time on screen; a running download keeps the line until it ends.
  useEffect(() => {
    if (holding) return;
    const timer = setTimeout(close, OFFLINE_READY_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [stage, holding]);

  const closeButton = (
    <button type="button" className="pwa-button" onClick={close}>
      {PWA.close}
    </button>
  );
  if (stage === 'offer' && trip.offer) {
    return (
      <>
        <button
          type="button"
          className="pwa-button pwa-button-primary pwa-toast-offer"
          onClick={() => {
            setStage('trip');
            trip.download();
          }}
        >
          {`${TRIP.offer} · ${formatMegabytes(trip.offer.bytes)}`}
        </button>
        {closeButton}
      </>
    );
  }
  return (
    <>
      <p className="pwa-toast-text" role={stage === 'trip' ? 'status' : undefined}>
        {stage === 'trip' ? tripText(trip) : PWA.offlineReady}
      </p>
      <div className="pwa-toast-actions">
        {holding ? (
          <button type="button" className="pwa-button" onClick={trip.stop}>
            {TRIP.stop}
          </button>
        ) : (
          closeButton
        )}
      </div>
    </>
  );
}

/** What the download started from the line is doing. */
function tripText({ state, downloading }: TripOfferView): string {
  const { done, total, bytes } = state.progress;
  if (downloading) return TRIP.progress(done, total, formatMegabytes(bytes));
  const outcome = tripOutcome(state);
  if (outcome) return TRIP[outcome];
  return typeof navigator !== 'undefined' && !navigator.onLine
    ? TRIP.offline
    : TRIP.progress(0, 0, formatMegabytes(0));
}
