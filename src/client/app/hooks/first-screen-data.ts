import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { City, Place } from '../../../domain/types';
import type { ListSource } from '../../db/queries/catalogue';
import type { ExcursionDetail } from '../../db/queries/excursion';

// The server draws a first visit's first screen as HTML (src/server/http/first-screen.ts) with the
// same components the app renders, from a public snapshot of the catalogue, and embeds that snapshot
// in the page. The browser hydrates the HTML from the same snapshot (main.tsx), so its first render
// matches the server's and nothing the visitor already did on the page is redrawn away. The hooks of
// those screens answer from the snapshot until the replica holds a first sync and their own query has
// answered, then from the replica as always. Without a provider every hook reads the replica.

/** A public catalogue snapshot, shaped as the replica's queries answer. */
export interface FirstScreenData {
  /** The path of the screen drawn. */
  path: string;
  /** The instant the screen was drawn for (ms since the epoch): "today" and "nearest" follow it. */
  now: number;
  /** Every visible excursion and the tours that can be nearest today (catalogueSource). */
  catalogue: ListSource;
  places: Place[];
  cities: City[];
  /** The excursion page's data when the path is one (`view` null for an unknown excursion). */
  detail?: { id: string; view: ExcursionDetail | null };
}

interface FirstScreen {
  data: FirstScreenData;
  /** Whether the replica holds a first sync, so that its answers can replace the snapshot's. */
  replicaReady: boolean;
}

const FirstScreenContext = createContext<FirstScreen | null>(null);

/**
 * The snapshot a screen is drawn from: for good on the server (there is no replica), until the replica
 * holds a first sync in the browser (hydration-data.ts tells). No replica code here: the app's entry
 * imports this module, and the replica's code loads with a screen's.
 */
export function FirstScreenDataProvider({
  data,
  replicaReady = false,
  children,
}: {
  data: FirstScreenData;
  replicaReady?: boolean;
  children?: ReactNode;
}): ReactNode {
  return createElement(FirstScreenContext.Provider, { value: { data, replicaReady } }, children);
}

/**
 * The snapshot's answer while the page is drawn from it; `live` (the replica's answer) once the
 * replica holds a first sync and that answer has come, where there is no snapshot, or where the
 * snapshot has no answer (`fromSnapshot` gives undefined).
 */
export function useFirstScreenAnswer<T, L>(
  fromSnapshot: (data: FirstScreenData) => T | undefined,
  live: L,
): T | L {
  const screen = useContext(FirstScreenContext);
  if (!screen || (screen.replicaReady && live !== undefined)) return live;
  const answer = fromSnapshot(screen.data);
  return answer === undefined ? live : answer;
}

/**
 * `answer` on the screen the server drew, undefined elsewhere: for what the snapshot says about the
 * visitor rather than the catalogue (nobody signed in, a synced replica), which holds for the drawn
 * screen only. A screen opened from it before the replica has synced reads the replica instead.
 */
export function onDrawnScreen<T>(data: FirstScreenData, answer: T): T | undefined {
  const here = typeof window === 'undefined' ? data.path : window.location.pathname;
  return here === data.path ? answer : undefined;
}

/** The snapshot the page is drawn from, or undefined where there is none (for hooks that derive from it). */
export function useFirstScreenSnapshot(): FirstScreenData | undefined {
  return useContext(FirstScreenContext)?.data;
}

/**
 * The snapshot embedded in a server-drawn page, or null when there is none or it is not a snapshot
 * (then the app draws the page from its replica instead of hydrating it).
 */
export function embeddedFirstScreenData(text: string | null | undefined): FirstScreenData | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { path, now, catalogue, places, cities, detail } = data as Partial<
    Record<keyof FirstScreenData, unknown>
  >;
  const list = catalogue as Partial<Record<keyof ListSource, unknown>> | null | undefined;
  const valid =
    typeof path === 'string' &&
    typeof now === 'number' &&
    Number.isFinite(now) &&
    typeof list === 'object' &&
    list !== null &&
    Array.isArray(list.excursions) &&
    Array.isArray(list.tours) &&
    Array.isArray(places) &&
    Array.isArray(cities) &&
    (detail === undefined || (typeof detail === 'object' && detail !== null && 'id' in detail));
  return valid ? (data as FirstScreenData) : null;
}
