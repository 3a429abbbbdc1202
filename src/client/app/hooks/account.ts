import { useLiveQuery } from './live-query';
import type { EntityId, ReplicaExcursion, User } from '../../../domain/types';
import { currentUser, favoriteExcursions, favoriteIds, hasSynced } from '../../db/queries/account';
import { ticket, tickets, type TicketView } from '../../db/queries/tickets';
import { onDrawnScreen, useFirstScreenAnswer } from './first-screen-data';
import { useItemLiveQuery, useListLiveQuery } from './live';
import { useReplica } from './replica';

/** Whether the first full sync has finished: before it, an empty or missing row means "loading". */
export function useHasSynced(): boolean | undefined {
  const live = useReplicaHasSynced();
  // The screen drawn from the server's snapshot shows a synced catalogue.
  return useFirstScreenAnswer((data) => onDrawnScreen(data, true), live);
}

/**
 * Whether the replica itself holds a first sync, whatever the server's snapshot shows: for what only
 * the replica can answer (how many excursions have room on a day).
 */
export function useReplicaHasSynced(): boolean | undefined {
  const db = useReplica();
  return useLiveQuery(() => hasSynced(db), [db]);
}

/** The signed-in user; null when signed out (undefined while loading). */
export function useCurrentUser(): User | null | undefined {
  const db = useReplica();
  const live = useLiveQuery(async () => (await currentUser(db)) ?? null, [db]);
  // The server draws the public first screen: nobody is signed in there.
  return useFirstScreenAnswer((data) => onDrawnScreen(data, null), live);
}

export function useFavoriteIds(): ReadonlySet<EntityId> | undefined {
  const db = useReplica();
  return useLiveQuery(() => favoriteIds(db), [db]);
}

/** The favourite excursions; undefined while none are known and the replica has not synced. */
export function useFavoriteExcursions(): ReplicaExcursion[] | undefined {
  const db = useReplica();
  return useListLiveQuery(db, () => favoriteExcursions(db), [db]);
}

/**
 * The user's tickets, newest first, each with its tour and excursion (null when missing); undefined
 * while none are known and the replica has not synced.
 */
export function useTickets(): TicketView[] | undefined {
  const db = useReplica();
  return useListLiveQuery(db, () => tickets(db), [db]);
}

/** One ticket; null for 'Ticket not found' once synced (undefined until then). */
export function useTicket(id: EntityId): TicketView | null | undefined {
  const db = useReplica();
  return useItemLiveQuery(db, id, () => ticket(db, id), [db, id]);
}
