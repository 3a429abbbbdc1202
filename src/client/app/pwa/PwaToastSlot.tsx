import { lazy, Suspense } from 'react';

// The toast's code (and its CSS) arrives in its own chunk after the first paint: nothing of it is in
// the home screen's budget, and it has nothing to say before the worker has installed anyway.
const PwaToast = lazy(async () => ({ default: (await import('./PwaToast')).PwaToast }));

export function PwaToastSlot() {
  return (
    <Suspense fallback={null}>
      <PwaToast />
    </Suspense>
  );
}
