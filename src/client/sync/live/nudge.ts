// A write that went around the sync engine (an online form) asks for a pull, so rows the answer did
// not carry (the new excursion's tours, say) arrive without waiting for the next focus or reconnect.

const listeners = new Set<() => void>();

export function onPullWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wantPull(): void {
  for (const listener of listeners) listener();
}
