import { Link } from 'react-router-dom';
import type { City } from '../../../../domain/types';
import { MediaImage } from '../MediaImage';
import { ScrollGrid, SkeletonCards, type GridRows } from './ScrollGrid';
import { GRIDS } from './strings';

export interface CityGridProps {
  /** undefined while the replica is still loading (show 'Loading...', never 'No cities available'). */
  cities: readonly City[] | undefined;
  rows: GridRows;
  /** Accessible name of the list, e.g. the section's heading. */
  label?: string;
}

/**
 * SPEC §2 'City card grid': destination cards linking to /city/{id}, 45vw wide (at most 200px), in
 * one row or two. A failed read is the caller's to show as GRIDS.error(message) (wrap the reading
 * component in ErrorBoundary).
 */
export function CityGrid({ cities, rows, label }: CityGridProps) {
  if (cities === undefined) {
    return (
      <ScrollGrid count={rows * 3} rows={rows} label={GRIDS.loading} busy>
        <SkeletonCards count={rows * 3} className="city-card" />
      </ScrollGrid>
    );
  }
  if (cities.length === 0) return <p className="grid-status">{GRIDS.noCities}</p>;
  return (
    <ScrollGrid count={cities.length} rows={rows} label={label}>
      {cities.map((city) => (
        <li key={city.id} className="city-card">
          <Link to={`/city/${city.id}`}>
            <MediaImage id={city.image} source="app_media" alt="" width={360} height={450} variant={480} />
            <span className="city-card-name">{city.name}</span>
          </Link>
        </li>
      ))}
    </ScrollGrid>
  );
}
