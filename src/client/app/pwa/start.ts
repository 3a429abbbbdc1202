import { listenForInstallOffer } from './install';
import { persistWhenWorthKeeping } from './persist';
import { startPwa } from './register';

/** Everything installable-app about the page, started after the first paint (see main.tsx). */
export function startPwaFeatures(): void {
  listenForInstallOffer();
  persistWhenWorthKeeping();
  if (import.meta.env.PROD) void startPwa();
}
