import { createElement, type ReactNode } from 'react';
import { hasSynced } from '../../db/queries/account';
import { FirstScreenDataProvider, type FirstScreenData } from './first-screen-data';
import { useLiveQuery } from './live-query';
import { useReplica } from './replica';

/**
 * In the browser, around the app hydrating a drawn page: the page's embedded snapshot, until the
 * replica holds a first sync. Loaded with the screen's code (main.tsx), which brings the replica's.
 */
export function HydrationDataProvider({
  data,
  children,
}: {
  data: FirstScreenData;
  children?: ReactNode;
}): ReactNode {
  const db = useReplica();
  const replicaReady = useLiveQuery(() => hasSynced(db), [db]) === true;
  return createElement(FirstScreenDataProvider, { data, replicaReady }, children);
}
