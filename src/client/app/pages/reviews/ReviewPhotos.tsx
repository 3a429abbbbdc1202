import { useRef, useState } from 'react';
import { MAX_REVIEW_PHOTOS } from '../../../../domain/review-rules';
import { removeReviewPhoto, uploadReviewPhotos } from '../../../commands/reviews';
import type { ReviewRow } from '../../../db/queries/reviews';
import { MediaImage } from '../../components/MediaImage';
import { useOnline } from '../../hooks/online';
import { useReplica } from '../../hooks/replica';
import { REVIEW_FORM as TEXT } from './strings';

/**
 * The review's photos: thumbnails, and while the review may be edited, a picker of photos from the
 * phone. An upload is an online call made once the review is on the server (not while its rating and
 * text still wait in the outbox); offline this part says it needs the network.
 */
export function ReviewPhotos({ review, editable }: { review: ReviewRow; editable: boolean }) {
  const db = useReplica();
  const online = useOnline();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const room = MAX_REVIEW_PHOTOS - review.photos.length;

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    setError(null);
    const outcome = await uploadReviewPhotos({ db }, review._id, files.slice(0, room), crypto.randomUUID());
    setBusy(false);
    if (input.current) input.current.value = '';
    if (!outcome.ok) setError(outcome.offline ? TEXT.photosOffline : (outcome.error ?? TEXT.uploadFailed));
  };

  const remove = async (photo: string) => {
    setBusy(true);
    setError(null);
    const outcome = await removeReviewPhoto({ db }, review._id, photo, crypto.randomUUID());
    setBusy(false);
    if (!outcome.ok) setError(outcome.offline ? TEXT.photosOffline : (outcome.error ?? TEXT.removeFailed));
  };

  if (!editable && review.photos.length === 0) return null;
  return (
    <section className="review-photos" aria-labelledby="review-photos-title">
      <h2 id="review-photos-title">{TEXT.photos}</h2>
      {review.photos.length > 0 && (
        <ul className="review-photo-grid">
          {review.photos.map((photo, index) => (
            <li key={photo}>
              <MediaImage id={photo} alt={TEXT.photo(index + 1)} width={160} height={160} variant={480} />
              {editable && online && !review._pending && (
                <button
                  type="button"
                  className="review-photo-remove"
                  aria-label={TEXT.removePhoto(index + 1)}
                  disabled={busy}
                  onClick={() => void remove(photo)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable &&
        (!online ? (
          <p className="review-photos-note">{TEXT.photosOffline}</p>
        ) : review._pending ? (
          <p className="review-photos-note">{TEXT.photosAfterSave}</p>
        ) : (
          room > 0 && (
            <>
              <p className="review-photos-note">{TEXT.photosHint(MAX_REVIEW_PHOTOS)}</p>
              <label className={`button review-photo-pick${busy ? ' busy' : ''}`}>
                {busy ? TEXT.uploading : TEXT.addPhotos}
                <input
                  ref={input}
                  type="file"
                  accept="image/*"
                  multiple
                  disabled={busy}
                  onChange={(event) => void upload([...(event.target.files ?? [])])}
                />
              </label>
            </>
          )
        ))}
      {error && (
        <p className="review-note review-note-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
