import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { HomePage } from './pages/home/HomePage';
import { Shell } from './shell/Shell';

// Home is in the first bundle (it is the first paint); every other screen loads lazily by route.
// The declarative router is used on purpose: the data router adds ~20 KB gzip to the home budget.

function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const ExcursionsPage = page(() => import('./pages/excursions/ExcursionsPage'), 'ExcursionsPage');
const CategoryPage = page(() => import('./pages/category/CategoryPage'), 'CategoryPage');
const ExcursionsByDatePage = page(() => import('./pages/dates/ExcursionsByDatePage'), 'ExcursionsByDatePage');
const ExcursionPage = page(() => import('./pages/excursion/ExcursionPage'), 'ExcursionPage');
const SchedulePage = page(() => import('./pages/schedule/SchedulePage'), 'SchedulePage');
const StoriesPage = page(() => import('./pages/stories/StoriesPage'), 'StoriesPage');
const PlacePage = page(() => import('./pages/place/PlacePage'), 'PlacePage');
const CityPage = page(() => import('./pages/city/CityPage'), 'CityPage');
const FavoritesPage = page(() => import('./pages/favorites/FavoritesPage'), 'FavoritesPage');
const AboutPage = page(() => import('./pages/about/AboutPage'), 'AboutPage');
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/** The four category routes of SPEC §2; the page reads which one from the path. */
export const CATEGORY_PATHS = ['castles', 'seawalks', 'parks', 'mountains'] as const;

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<HomePage />} />
          <Route path="excursions" element={<ExcursionsPage />} />
          {CATEGORY_PATHS.map((slug) => (
            <Route key={slug} path={`excursions/${slug}`} element={<CategoryPage />} />
          ))}
          <Route path="excursions/date" element={<ExcursionsByDatePage />} />
          <Route path="excursion/:id" element={<ExcursionPage />} />
          <Route path="schedule" element={<SchedulePage />} />
          <Route path="stories" element={<StoriesPage />} />
          <Route path="place/:id" element={<PlacePage />} />
          <Route path="city/:id" element={<CityPage />} />
          <Route path="favorite" element={<FavoritesPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
