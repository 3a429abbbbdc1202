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
  | { channel: 'TICKET_UPDATE'; userId: number; data: TicketUpdateData };

export interface EventBus {
  publish(events: ServerEvent[]): void;
  subscribe(listener: (event: ServerEvent) => void): () => void;
  /** Grows with every published event; a cache keyed by it never serves data older than a change. */
  readonly generation: number;
}

/** The bus of one process. `invalidate` moves the generation without an event (see pg-fanout.ts). */
export interface LocalEventBus extends EventBus {
  invalidate(): void;
}

export function createEventBus(): LocalEventBus {
  const listeners = new Set<(event: ServerEvent) => void>();
  let generation = 0;
  return {
    publish(events) {
      if (events.length === 0) return;
      generation += 1;
      for (const event of events) for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    invalidate() {
      generation += 1;
    },
    get generation() {
      return generation;
    },
  };
}
