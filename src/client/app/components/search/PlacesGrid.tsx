import { Link } from 'react-router-dom';
import type { Place } from '../../../../domain/types';
import { MediaImage } from '../MediaImage';
import { ScrollGrid, SkeletonCards, type GridRows } from './ScrollGrid';
import { GRIDS } from './strings';

export interface PlacesGridProps {
  /** undefined while the replica is still loading. An empty list renders nothing. */
  places: readonly Place[] | undefined;
  rows: GridRows;
  /** Accessible name of the list, e.g. the section's heading. */
  label?: string;
}

/** SPEC §2 'Places grid': historical places linking to /place/{id}, in one row or two. */
export function PlacesGrid({ places, rows, label }: PlacesGridProps) {
  if (places === undefined) {
    return (
      <ScrollGrid count={rows * 3} rows={rows} label={GRIDS.loading} busy>
        <SkeletonCards count={rows * 3} className="place-card" />
      </ScrollGrid>
    );
  }
  if (places.length === 0) return null;
  return (
    <ScrollGrid count={places.length} rows={rows} label={label}>
      {places.map((place) => (
        <li key={place.id} className="place-card">
          <Link to={`/place/${place.id}`}>
            <MediaImage id={place.image} source="app_media" alt="" width={480} height={360} variant={480} />
            <span className="place-card-name">{place.name}</span>
          </Link>
        </li>
      ))}
    </ScrollGrid>
  );
}
