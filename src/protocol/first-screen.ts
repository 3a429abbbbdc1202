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

/** What the built renderer exports. */
export interface FirstScreenRenderer {
  /** Loads the code of the screens it draws (once). */
  prepareFirstScreens(): Promise<void>;
  /** The screen at `url` (path and query) as HTML, or null when it does not draw that path. */
  renderFirstScreen(url: string, rows: SnapshotRows, now: Date): string | null;
}
