import { createContext, createElement, useContext, type ReactNode } from 'react';
import { replicaDb, type ReplicaDb } from '../../db/schema';

// Every hook takes the database from here: the app's one replica, or one a test or story provides.

const ReplicaContext = createContext<ReplicaDb | null>(null);

export function ReplicaProvider({ db, children }: { db: ReplicaDb; children?: ReactNode }): ReactNode {
  return createElement(ReplicaContext.Provider, { value: db }, children);
}

export function useReplica(): ReplicaDb {
  // The shared handle is created lazily, on the first hook call without a provider.
  return useContext(ReplicaContext) ?? replicaDb();
}
