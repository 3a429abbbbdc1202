import { createElement, type ReactNode } from 'react';
import { useReplicaHasSynced } from './account';
import { FirstScreenDataProvider, type FirstScreenData } from './first-screen-data';

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
  const replicaReady = useReplicaHasSynced() === true;
  return createElement(FirstScreenDataProvider, { data, replicaReady }, children);
}
