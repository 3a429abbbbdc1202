import { liveQuery } from 'dexie';
import { replicaDb } from '../../db/schema';
import { requestPersistentStorage } from '../../sync/engine/storage';

/**
 * Asks for persistent storage as soon as the replica holds something the user would miss: a favourite
 * or a ticket (a favourite set here also asks at once, in FavoriteButton). Tickets arrive by sync, so
 * this watches the replica rather than a screen. Asked once per page; the browser remembers a grant.
 */
export function persistWhenWorthKeeping(): void {
  const db = replicaDb();
  const subscription = liveQuery(
    async () => (await db.favorites.count()) + (await db.tickets.count()),
  ).subscribe({
    next: (count) => {
      if (count === 0) return;
      subscription.unsubscribe();
      void requestPersistentStorage().catch(() => undefined);
    },
    error: () => undefined,
  });
}
