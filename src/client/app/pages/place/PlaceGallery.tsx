import { MediaImage } from '../../components/MediaImage';
import { ScrollGrid } from '../../components/search/ScrollGrid';
import { PLACE } from './strings';

/** The place's gallery (SPEC §2): app media in one row, or two rows by half the count when long. */
export function PlaceGallery({ name, images }: { name: string; images: readonly string[] }) {
  const rows = images.length > 4 ? 2 : 1;
  return (
    <ScrollGrid count={images.length} rows={rows} label={PLACE.gallery}>
      {images.map((image, index) => (
        <li key={image} className="place-gallery-item">
          <MediaImage
            id={image}
            source="app_media"
            alt={PLACE.photo(name, index + 1, images.length)}
            width={480}
            height={320}
          />
        </li>
      ))}
    </ScrollGrid>
  );
}
