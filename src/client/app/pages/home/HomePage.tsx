import './home.css';
import { lazyComponent } from '../../components/lazy-component';
import { SearchBox } from '../../components/search/SearchBox';
import { Hero } from './Hero';
import { HomeSection } from './HomeSection';
import { HOME_PAGE } from './strings';

// The first paint is the shell, the search field and the hero: no database code. The sections that
// read the replica arrive in their own chunk with Dexie right after, so the home route's first render
// stays within its byte budget; offline they come from the precache at once.

/** Same headings and boxes as the real sections, so nothing shifts when they arrive. */
function SectionsPlaceholder() {
  return (
    <>
      <HomeSection id="home-popular" title={HOME_PAGE.popular} to="/excursions">
        <div className="excursion-row-skeleton" aria-hidden="true" />
      </HomeSection>
      <HomeSection id="home-places" title={HOME_PAGE.places} to="/stories">
        <div className="home-places-placeholder" aria-hidden="true" />
      </HomeSection>
    </>
  );
}

const HomeSections = lazyComponent(
  async () => {
    const { HomeSections: sections } = await import('./HomeSections');
    await (await import('../../../db/schema')).replicaDbApart();
    return sections;
  },
  <SectionsPlaceholder />,
);

/** SPEC §2 '/': search, hero, popular excursions, historical places, destinations and the date form. */
export function HomePage() {
  return (
    <div className="home">
      <SearchBox />
      <Hero />
      <HomeSections />
    </div>
  );
}
// The route's own code is in the entry; what preloading it can start is the sections' chunk.
HomePage.preload = HomeSections.preload;
