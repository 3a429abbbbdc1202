import { useSyncExternalStore } from 'react';

// Whether the browser believes it is online: the shell's offline line and a form's note read it. Only a
// hint where a request follows: the request itself is the real test, and its offline outcome shows the
// same text.

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
