import { DateForm } from '../../components/dates/DateForm';
import { CityGrid } from '../../components/search/CityGrid';
import { ErrorBoundary } from '../../components/search/ErrorBoundary';
import { PlacesGrid } from '../../components/search/PlacesGrid';
import { GRIDS } from '../../components/search/strings';
import { useHasSynced } from '../../hooks/account';
import { useCities, usePlaces } from '../../hooks/places';
import { HomeSection } from './HomeSection';
import { PopularRow } from './PopularRow';
import { HOME_PAGE } from './strings';

/** Before the first sync an empty list means "not loaded yet", so the grids keep their skeletons. */
function loaded<T>(rows: T[] | undefined, synced: boolean | undefined): T[] | undefined {
  return rows === undefined || (rows.length === 0 && synced !== true) ? undefined : rows;
}

function Places() {
  return <PlacesGrid places={loaded(usePlaces(), useHasSynced())} rows={2} label={HOME_PAGE.places} />;
}

function Cities() {
  return <CityGrid cities={loaded(useCities(), useHasSynced())} rows={1} label={HOME_PAGE.cities} />;
}

/** The home screen's sections that read the replica (loaded with Dexie, right after the first paint). */
export function HomeSections() {
  return (
    <>
      <HomeSection id="home-popular" title={HOME_PAGE.popular} to="/excursions">
        <ErrorBoundary
          fallback={(error) => <p className="home-status">{HOME_PAGE.excursionsError(error.message)}</p>}
        >
          <PopularRow labelledBy="home-popular" />
        </ErrorBoundary>
      </HomeSection>
      <HomeSection id="home-places" title={HOME_PAGE.places} to="/stories">
        <ErrorBoundary fallback={() => <p className="home-status">{HOME_PAGE.placesError}</p>}>
          <Places />
        </ErrorBoundary>
      </HomeSection>
      <HomeSection id="home-cities" title={HOME_PAGE.cities}>
        <ErrorBoundary fallback={(error) => <p className="home-status">{GRIDS.error(error.message)}</p>}>
          <Cities />
        </ErrorBoundary>
      </HomeSection>
      <HomeSection id="home-date" title={HOME_PAGE.dateForm} text={HOME_PAGE.dateFormText}>
        <div className="home-date-card">
          <DateForm labelledBy="home-date" />
        </div>
      </HomeSection>
    </>
  );
}
