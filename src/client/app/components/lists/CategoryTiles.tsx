import './lists.css';
import { Link } from 'react-router-dom';
import type { Banner } from '../../../../domain/types';
import { useBanners } from '../../hooks/content';
import { MediaImage } from '../MediaImage';
import { CATEGORY_PAGES, categoryPath, type CategoryPageInfo, type CategoryState } from './categories';

/** The demo banners each advertise one category route; its picture doubles as the category's picture. */
export function bannerFor(
  banners: readonly Banner[] | undefined,
  info: CategoryPageInfo,
): Banner | undefined {
  return banners?.find((banner) => banner.link === categoryPath(info));
}

/** Picture tiles linking to the category pages, in a row that scrolls sideways on a phone. */
export function CategoryTiles({ exclude, label }: { exclude?: CategoryPageInfo; label: string }) {
  const banners = useBanners();
  const shown = CATEGORY_PAGES.filter((info) => info.slug !== exclude?.slug);
  return (
    <ul className="h-scroll category-tiles" aria-label={label}>
      {shown.map((info) => {
        const banner = bannerFor(banners, info);
        const state: CategoryState = { category: info.category };
        return (
          <li key={info.slug} data-category={info.slug}>
            <Link to={categoryPath(info)} state={state}>
              {banner ? (
                <MediaImage id={banner.image} source="app_media" alt="" width={480} height={320} />
              ) : (
                <span className="category-tile-fill" aria-hidden="true" />
              )}
              <span className="category-tile-name">{info.category}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
