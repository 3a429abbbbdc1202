import { lazyComponent } from '../components/lazy-component';
import { firstScreenDrawn } from '../first-screen';

// The toast's code (and its CSS) arrives in its own chunk after the first screen is drawn: nothing of
// it is in the home screen's budget, and it has nothing to say before the worker has registered anyway.
const PwaToast = lazyComponent(async () => {
  await firstScreenDrawn();
  return (await import('./PwaToast')).PwaToast;
});

export function PwaToastSlot() {
  return <PwaToast />;
}
