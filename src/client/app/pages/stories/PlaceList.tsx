import { Link } from 'react-router-dom';
import type { Place } from '../../../../domain/types';
import { MediaImage } from '../../components/MediaImage';

/** Every historical place as a row: picture, name and its short teaser, linking to /place/{id}. */
export function PlaceList({ places, label }: { places: readonly Place[]; label: string }) {
  return (
    <ul className="place-list" aria-label={label}>
      {places.map((place, index) => (
        <li key={place.id}>
          <Link to={`/place/${place.id}`}>
            <MediaImage
              id={place.image}
              source="app_media"
              alt=""
              width={480}
              height={320}
              eager={index < 4}
              className="place-list-image"
            />
            <span className="place-list-text">
              <span className="place-list-name">{place.name}</span>
              <span className="place-list-preview">{place.preview}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
