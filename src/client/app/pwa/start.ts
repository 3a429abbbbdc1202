import { listenForInstallOffer } from './install';
import { persistWhenWorthKeeping } from './persist';
import { startPwa } from './register';
import { keepPicturesOnceReady } from '../../offline-pictures/start';

/** Everything installable-app about the page, started after the first paint (see main.tsx). */
export function startPwaFeatures(): void {
  listenForInstallOffer();
  persistWhenWorthKeeping();
  if (!import.meta.env.PROD) return;
  void startPwa();
  // The catalogue's card pictures, kept for offline use once the worker controls the page.
  keepPicturesOnceReady();
}
