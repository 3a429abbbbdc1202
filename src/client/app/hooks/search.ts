import { useLiveQuery } from './live-query';
import { useMemo } from 'react';
import { isSearchActive, search } from '../../../domain/search';
import { searchSources, type CatalogueResults } from '../../db/queries/search';
import { useReplica } from './replica';

const NONE: CatalogueResults = { excursions: [], places: [], cities: [] };

/**
 * The search box's grouped results: empty groups under 3 characters (idle), undefined while the
 * catalogue is first read ('Loading...'), then a fresh in-memory search on every keystroke.
 */
export function useSearch(query: string): CatalogueResults | undefined {
  const db = useReplica();
  const active = isSearchActive(query);
  // Nothing is held in memory while the box is idle.
  const sources = useLiveQuery(() => (active ? searchSources(db) : null), [db, active]);
  return useMemo(() => {
    if (!active) return NONE;
    return sources ? search(sources, query) : undefined;
  }, [active, sources, query]);
}
