import { toggleMarked } from '../../../../domain/excursion-form-files';
import { MediaImage } from '../../components/MediaImage';
import { FormIcon } from './icons';
import { MEDIA } from './strings';

export interface KeptMedia {
  images: string[];
  gallery: string[];
  /** The current video, unless the seller chose to remove it. */
  video: string;
}

interface KeptPhotosProps {
  kept: KeptMedia;
  marked: readonly string[];
  onMark: (marked: string[]) => void;
  /** 'Удалить {n} фото': the marked photos leave the form (they are deleted on save). */
  onDelete: () => void;
}

/**
 * The editor's uploaded photos (SPEC §2 'Excursion editor'): each has a cross that marks it, then
 * 'Удалить {n} фото' takes the marked ones out of the form. Nothing is deleted until the form is saved.
 */
export function KeptPhotos({ kept, marked, onMark, onDelete }: KeptPhotosProps) {
  if (kept.images.length === 0 && kept.gallery.length === 0) return null;
  const group = (title: string, ids: readonly string[], name: (n: number) => string) =>
    ids.length > 0 && (
      <>
        <h2 className="xf-subtitle">{title}</h2>
        <ul className="xf-thumbs">
          {ids.map((id, index) => {
            const on = marked.includes(id);
            return (
              <li key={id} className={on ? 'marked' : undefined}>
                <MediaImage id={id} alt={name(index + 1)} width={160} height={120} className="xf-thumb" />
                <button
                  type="button"
                  className="xf-thumb-remove"
                  aria-label={MEDIA.mark(name(index + 1))}
                  aria-pressed={on}
                  onClick={() => onMark(toggleMarked(marked, id))}
                >
                  <FormIcon name="cross" size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      </>
    );
  return (
    <section className="xf-kept" aria-label={MEDIA.current}>
      {group(MEDIA.currentCovers, kept.images, MEDIA.cover)}
      {group(MEDIA.currentGallery, kept.gallery, MEDIA.photo)}
      <button
        type="button"
        className="button xf-delete-marked"
        disabled={marked.length === 0}
        onClick={onDelete}
      >
        <FormIcon name="trash" />
        {MEDIA.deleteMarked(marked.length)}
      </button>
    </section>
  );
}
