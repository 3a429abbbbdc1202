import type {
  ExcursionUpdateData,
  TicketUpdateData,
  TourUpdateData,
  UserUpdateData,
} from '../../protocol/realtime';

// What services announce after a transaction commits. The socket hub fans these out; the catalogue
// list cache drops its bodies on every one. Publishing only after commit means no client ever hears
// of a change that was rolled back.

export type ServerEvent =
  | { channel: 'EXCURSION_UPDATE'; data: ExcursionUpdateData }
  | { channel: 'TOUR_UPDATE'; data: TourUpdateData }
  | { channel: 'USER_UPDATE'; userId: number; data: UserUpdateData }
  | { channel: 'TICKET_UPDATE'; userId: number; data: TicketUpdateData }
  | TokensRevokedEvent;

/**
 * Not a message to clients: some of a user's tokens were voided, so every process's socket hub takes
 * that user's personal channels from the sockets signed in with them. `jti`: that one token (a
 * logout on one device); `belowVersion`: every token with an older token version (logout everywhere).
 */
export interface TokensRevokedEvent {
  channel: 'TOKENS_REVOKED';
  userId: number;
  data: { jti?: string; belowVersion?: number };
}

export interface EventBus {
  publish(events: ServerEvent[]): void;
  subscribe(listener: (event: ServerEvent) => void): () => void;
  /**
   * Calls `listener` whenever events may have been lost on the way to this process (pg-fanout.ts:
   * its LISTEN connection was down for a while, or a stored batch was gone): whoever relays events
   * must make its clients pull (the socket hub closes its sockets, and a client pulls on reconnect).
   */
  onGap(listener: () => void): () => void;
  /** Grows with every published event; a cache keyed by it never serves data older than a change. */
  readonly generation: number;
}

/**
 * The bus of one process. `invalidate` says events may have been lost (see pg-fanout.ts): it moves
 * the generation without an event and tells the gap listeners.
 */
export interface LocalEventBus extends EventBus {
  invalidate(): void;
}

export function createEventBus(): LocalEventBus {
  const listeners = new Set<(event: ServerEvent) => void>();
  const gapListeners = new Set<() => void>();
  let generation = 0;
  return {
    publish(events) {
      if (events.length === 0) return;
      // A revocation changes no data: cached lists stay.
      if (events.some((event) => event.channel !== 'TOKENS_REVOKED')) generation += 1;
      for (const event of events) for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    invalidate() {
      generation += 1;
      for (const listener of gapListeners) listener();
    },
    get generation() {
      return generation;
    },
  };
}
