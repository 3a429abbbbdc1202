import type { City, Place, ReplicaExcursion, ReplicaTour } from '../domain/types';

// The contract between the server and the renderer of first screens it loads from the build
// (src/client/app/ssr/render.tsx, built for Node next to the app; src/server/http/first-screen.ts).

/** The public rows of a first sync, as the replica would hold them. */
export interface SnapshotRows {
  excursions: ReplicaExcursion[];
  tours: ReplicaTour[];
  places: Place[];
  cities: City[];
}

/** The id of the page's script element that holds a drawn screen's data (`DrawnScreen.data`). */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** A first screen as the renderer draws it. */
export interface DrawnScreen {
  /** The app's markup for the page's root. */
  html: string;
  /** The data that markup was drawn from, as JSON: the app hydrates the markup from the same data. */
  data: string;
}

/** What the built renderer exports. */
export interface FirstScreenRenderer {
  /** Loads the code of the screens it draws (once). */
  prepareFirstScreens(): Promise<void>;
  /** The screen at `url` (path and query), or null when it does not draw that path. */
  renderFirstScreen(url: string, rows: SnapshotRows, now: Date): DrawnScreen | null;
}
