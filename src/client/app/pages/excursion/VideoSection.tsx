import { mediaUrl } from '../../components/MediaImage';
import { EXCURSION } from './strings';

/** The seller's video; preload none so the page never downloads it unless the user presses play. */
export function VideoSection({ video }: { video: string }) {
  return (
    <section className="excursion-section" aria-labelledby="excursion-video">
      <h2 id="excursion-video">{EXCURSION.video}</h2>
      <video className="excursion-video" controls preload="none" src={mediaUrl(video)} />
    </section>
  );
}
