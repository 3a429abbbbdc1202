import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { City, Place } from '../../../domain/types';
import type { ListSource } from '../../db/queries/catalogue';
import type { ExcursionDetail } from '../../db/queries/excursion';

// The server draws a first visit's first screen as HTML (src/server/http/first-screen.ts) with the
// same components the app renders. There is no replica on the server, so the hooks those screens use
// take their answer from this context instead: what the replica would answer once the first sync is
// in. In the browser there is no provider and every hook reads the replica as always.

/** A public catalogue snapshot, shaped as the replica's queries answer. */
export interface FirstScreenData {
  /** Every visible excursion and the tours that can be nearest today (catalogueSource). */
  catalogue: ListSource;
  places: Place[];
  cities: City[];
  /** The excursion page's data when the path is one: null for an unknown excursion. */
  detail?: ExcursionDetail | null;
}

const FirstScreenContext = createContext<FirstScreenData | null>(null);

export function FirstScreenDataProvider({
  data,
  children,
}: {
  data: FirstScreenData;
  children?: ReactNode;
}): ReactNode {
  return createElement(FirstScreenContext.Provider, { value: data }, children);
}

/** The server's snapshot while rendering HTML; null in the browser. */
export function useFirstScreenData(): FirstScreenData | null {
  return useContext(FirstScreenContext);
}
