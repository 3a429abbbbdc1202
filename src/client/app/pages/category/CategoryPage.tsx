import './category.css';
import { Link, useLocation } from 'react-router-dom';
import { sortTabLabel } from '../../../../domain/sorting';
import { useHasSynced } from '../../hooks/account';
import { useExcursionsByCategory } from '../../hooks/catalogue';
import { PageHeader } from '../../components/PageHeader';
import { categoryPageOf, type CategoryPageInfo } from '../../components/lists/categories';
import { CategoryTiles } from '../../components/lists/CategoryTiles';
import { excursionCount } from '../../components/lists/counts';
import { ExcursionCardList } from '../../components/lists/ExcursionCardList';
import { ListStatus } from '../../components/lists/ListStatus';
import { listPhase } from '../../components/lists/phase';
import { useFirstScreenDrawn } from '../../first-screen';
import { useSortParam } from '../../components/lists/sort-param';
import { SortTabs } from '../../components/lists/SortTabs';
import { LISTS } from '../../components/lists/strings';
import { NotFoundPage } from '../NotFoundPage';
import { CategoryBanner } from './CategoryBanner';
import { CATEGORY } from './strings';
import { SubscribeForm } from './SubscribeForm';

const PANEL_ID = 'category-panel';

/**
 * A category page (SPEC §2). Links send the category's name as navigation state, but the path alone
 * decides it: state is lost on a reload or an opened link, and the route table fixes path → category.
 */
export function CategoryPage() {
  const info = categoryPageOf(useLocation().pathname);
  if (!info) return <NotFoundPage />;
  // Keyed so a move between two categories starts with a fresh list instead of the previous one.
  return <CategoryContent key={info.slug} info={info} />;
}

function CategoryContent({ info }: { info: CategoryPageInfo }) {
  const [sortKey, setSortKey] = useSortParam();
  const list = useExcursionsByCategory(info.category, sortKey);
  const synced = useHasSynced();
  const phase = listPhase(list?.excursions, synced);
  useFirstScreenDrawn(phase !== 'loading', synced);

  return (
    <div className="category-page">
      <PageHeader title={info.category} />
      <CategoryBanner info={info} />
      <p className="list-count">{phase === 'ready' && list ? excursionCount(list.excursions.length) : ' '}</p>

      <section aria-labelledby="category-list">
        <h2 id="category-list" className="visually-hidden">{`${CATEGORY.list} «${info.category}»`}</h2>
        <SortTabs value={sortKey} onChange={setSortKey} controls={PANEL_ID} />
        <div id={PANEL_ID} role="tabpanel" aria-label={sortTabLabel(sortKey)}>
          {phase === 'ready' && list ? (
            <ExcursionCardList
              excursions={list.excursions}
              nearest={list.nearest}
              label={info.category}
              order={sortKey}
            />
          ) : (
            <ListStatus
              loading={phase !== 'empty'}
              action={
                phase === 'empty' && (
                  <Link className="button" to="/excursions">
                    {CATEGORY.allExcursions}
                  </Link>
                )
              }
            >
              {phase === 'empty' ? LISTS.noExcursions : LISTS.loadingExcursions}
            </ListStatus>
          )}
        </div>
      </section>

      <section className="list-section" aria-labelledby="category-see-also">
        <div className="list-section-head">
          <h2 id="category-see-also">{CATEGORY.seeAlso}</h2>
          <Link to="/excursions">{CATEGORY.allExcursions}</Link>
        </div>
        <CategoryTiles exclude={info} label={CATEGORY.seeAlso} />
      </section>

      <SubscribeForm />
    </div>
  );
}
