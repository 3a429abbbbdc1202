import { lazyComponent } from '../components/lazy-component';

// The toast's code (and its CSS) arrives in its own chunk after the first paint: nothing of it is in
// the home screen's budget, and it has nothing to say before the worker has installed anyway.
const PwaToast = lazyComponent(async () => (await import('./PwaToast')).PwaToast);

export function PwaToastSlot() {
  return <PwaToast />;
}
