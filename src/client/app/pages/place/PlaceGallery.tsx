import '../../components/search/grids.css';
import { MediaImage } from '../../components/MediaImage';
import { PLACE } from './strings';

/**
 * The place's gallery (SPEC §2): app media in one row, or two rows by half the count when long. It
 * holds only pictures, nothing a keyboard can reach, so the row itself takes focus (tabIndex 0): the
 * arrow keys then scroll it sideways, as a finger does on a phone.
 */
export function PlaceGallery({ name, images }: { name: string; images: readonly string[] }) {
  const rows = images.length > 4 ? 2 : 1;
  const firstRow = Math.max(1, Math.ceil(images.length / rows));
  return (
    <ul className="h-scroll scroll-grid place-gallery-row" aria-label={PLACE.gallery} tabIndex={0}>
      {images.map((image, index) => (
        <li key={image} className={`place-gallery-item grid-row-${index < firstRow ? 1 : 2}`}>
          <MediaImage
            id={image}
            source="app_media"
            alt={PLACE.photo(name, index + 1, images.length)}
            width={480}
            height={320}
          />
        </li>
      ))}
    </ul>
  );
}
