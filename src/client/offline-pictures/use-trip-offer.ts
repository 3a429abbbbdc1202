import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TripOffer } from './keeper';
import { useKeeperState, type KeeperState } from './state';

// The trip download as the screens offering it see it: whether it can be offered (the worker controls
// the page, so its cache is where the pictures go), what it would fetch, and what it is doing. The
// keeper's code loads only when something asks it a question, so the offline-ready toast, which is
// on every first visit, carries none of it.

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

const keeper = () => import('./keeper');

export interface TripOfferView {
  /** False until the worker controls the page: nothing is offered before. */
  controlled: boolean;
  state: KeeperState;
  /** What is still missing, measured by the server; undefined while measuring, null when it cannot say. */
  offer: TripOffer | null | undefined;
  /** The tourist's download is running now. */
  downloading: boolean;
  /** Every picture the trip needs is kept. */
  complete: boolean;
  download(): void;
  stop(): void;
}

/**
 * The trip download's offer and progress, measured once the worker controls the page and the caller
 * `wants` them. Measuring reads the whole catalogue from the replica and asks the cache about each of
 * its pictures, which a screen not showing the offer yet (the offline-ready line's first words, while a
 * first visit's page still loads) has no need of.
 */
export function useTripOffer(wants = true): TripOfferView {
  const controlled = useControlled();
  const active = controlled && wants;
  const state = useKeeperState();
  const [offer, setOffer] = useState<TripOffer | null | undefined>(undefined);
  const downloading = state.mode === 'trip' && state.phase === 'running';

  useEffect(() => {
    if (active) void keeper().then((module) => module.startKeeping());
  }, [active]);
  // Measured again whenever a download ends, so the size shown is what is still missing.
  useEffect(() => {
    if (!active || downloading) return;
    let current = true;
    void keeper()
      .then((module) => module.tripOffer())
      .catch(() => null)
      .then((answer) => {
        if (current) setOffer(answer);
      });
    return () => {
      current = false;
    };
  }, [active, downloading]);

  return {
    controlled,
    state,
    offer,
    downloading,
    complete: offer?.count === 0 && !downloading,
    download: () => void keeper().then((module) => module.downloadForTrip()),
    stop: () => void keeper().then((module) => module.stopDownload()),
  };
}
