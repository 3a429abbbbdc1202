import { useEffect } from 'react';
import { keepQrReaderOffline } from './scanner';

/**
 * While the phone has network, a departure's screens fetch the QR reader into the phone's cache, so
 * that the boarding screen opened later on a road with no signal can still read a ticket's QR.
 */
export function useQrReaderKeptOffline(wanted: boolean): void {
  useEffect(() => {
    if (!wanted || !navigator.onLine) return;
    keepQrReaderOffline().catch((error: unknown) =>
      console.warn('QR reader not kept for offline use', error),
    );
  }, [wanted]);
}
