import './lists.css';
import { MediaImage } from '../MediaImage';

/** The big picture on top of a place or city page: the 1280 variant, loaded first, no layout shift. */
export function DetailHero({ image, alt }: { image: string; alt: string }) {
  return (
    <div className="detail-hero">
      <MediaImage id={image} source="app_media" alt={alt} width={1200} height={800} variant={1280} eager />
    </div>
  );
}
