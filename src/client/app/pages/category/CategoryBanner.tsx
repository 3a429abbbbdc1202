import { useBanners } from '../../hooks/content';
import { MediaImage } from '../../components/MediaImage';
import type { CategoryPageInfo } from '../../components/lists/categories';
import { bannerFor } from '../../components/lists/CategoryTiles';
import { CATEGORY_TAGLINES } from './strings';

/**
 * The category's banner: the demo banner that advertises this route when there is one, otherwise a
 * header in the category's colour. Both have the same box, so nothing moves when the picture arrives.
 */
export function CategoryBanner({ info }: { info: CategoryPageInfo }) {
  const banner = bannerFor(useBanners(), info);
  return (
    <div className="category-banner" data-category={info.slug}>
      {banner && (
        <MediaImage
          id={banner.image}
          source="app_media"
          alt=""
          width={1200}
          height={800}
          variant={1280}
          eager
        />
      )}
      <div className="category-banner-text">
        <p className="category-banner-title">{banner?.title ?? info.category}</p>
        <p>{banner?.subtitle ?? CATEGORY_TAGLINES[info.slug]}</p>
      </div>
    </div>
  );
}
