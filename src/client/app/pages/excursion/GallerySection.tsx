import { useEffect, useRef, useState } from 'react';
import { MediaImage } from '../../components/MediaImage';
import { PageIcon } from './icons';
import { EXCURSION } from './strings';

/** The gallery grid: small lazy pictures; a tap opens the large one in a modal dialog. */
export function GallerySection({ title, gallery }: { title: string; gallery: readonly string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // showModal gives focus trapping, Escape to close and an inert page behind, all native.
    if (open !== null && !element.open) element.showModal();
    if (open === null && element.open) element.close();
  }, [open]);

  if (gallery.length === 0) return null;
  const shown = open === null ? undefined : gallery[open];
  const altOf = (index: number) => EXCURSION.galleryPhoto(title, index + 1, gallery.length);
  return (
    <section className="excursion-section" aria-labelledby="excursion-gallery">
      <h2 id="excursion-gallery">{EXCURSION.gallery}</h2>
      <ul className="gallery-grid" data-testid="gallery">
        {gallery.map((image, index) => (
          <li key={image}>
            <button
              type="button"
              aria-label={`${EXCURSION.enlarge}: ${altOf(index)}`}
              onClick={() => setOpen(index)}
            >
              <MediaImage id={image} alt={altOf(index)} width={480} height={360} variant={480} />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="gallery-dialog"
        aria-label={open === null ? EXCURSION.gallery : altOf(open)}
        onClose={() => setOpen(null)}
        onClick={(event) => {
          // A tap on the dark backdrop (the dialog itself, not its picture) closes it.
          if (event.target === event.currentTarget) setOpen(null);
        }}
      >
        {shown !== undefined && open !== null && (
          <MediaImage id={shown} alt={altOf(open)} width={1280} height={853} variant={1280} eager />
        )}
        <button
          type="button"
          className="gallery-close"
          aria-label={EXCURSION.closePhoto}
          onClick={() => setOpen(null)}
        >
          <PageIcon name="cross" size={24} />
        </button>
      </dialog>
    </section>
  );
}
