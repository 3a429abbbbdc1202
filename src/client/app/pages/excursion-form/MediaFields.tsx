import { MAX_COVER_IMAGES, MAX_GALLERY_IMAGES } from '../../../../domain/excursion-form';
import { FilePicker } from './FilePicker';
import { filesFitForm, type MediaFiles } from './media-files';
import { MEDIA } from './strings';

interface MediaFieldsProps {
  files: MediaFiles;
  /**
   * Takes a change to the files as they are when it applies: a pick joins once its files are checked,
   * and two picks checked at once must not each write over the other's field with the files of the
   * render that started them.
   */
  onChange: (change: (files: MediaFiles) => MediaFiles) => void;
  /** The editor's uploaded photos, which count towards the limits. */
  kept?: { covers: number; gallery: number; video: boolean };
  /** The editor's uploaded video: kept, or marked to be removed on save. */
  currentVideo?: { removed: boolean; onToggle: (removed: boolean) => void };
}

/** Wizard step 6 and the new files of the editor's 'Фотографии': covers (1–3), gallery (≤50), a video. */
export function MediaFields({ files, onChange, kept, currentVideo }: MediaFieldsProps) {
  const hasVideo = files.video.length > 0 || (kept?.video ?? false);
  return (
    <>
      <FilePicker
        label={kept ? MEDIA.newCovers : MEDIA.covers}
        hint={MEDIA.coversHint}
        pickLabel={MEDIA.pickCovers}
        kind="image"
        required={!kept || kept.covers === 0}
        max={MAX_COVER_IMAGES}
        keptCount={kept?.covers}
        files={files.covers}
        onChange={(covers) => onChange((current) => ({ ...current, covers }))}
      />
      <FilePicker
        label={kept ? MEDIA.newGallery : MEDIA.gallery}
        hint={MEDIA.galleryHint}
        pickLabel={MEDIA.pickGallery}
        kind="image"
        max={MAX_GALLERY_IMAGES}
        keptCount={kept?.gallery}
        files={files.gallery}
        onChange={(gallery) => onChange((current) => ({ ...current, gallery }))}
      />
      <FilePicker
        label={MEDIA.video}
        hint={MEDIA.videoHint}
        pickLabel={hasVideo ? MEDIA.replaceVideo : MEDIA.pickVideo}
        kind="video"
        max={1}
        current={
          currentVideo &&
          files.video.length === 0 && (
            <div className="xf-video-state">
              <p>{currentVideo.removed ? MEDIA.videoRemoved : MEDIA.currentVideo}</p>
              <button
                type="button"
                className="xf-add"
                onClick={() => currentVideo.onToggle(!currentVideo.removed)}
              >
                {currentVideo.removed ? MEDIA.keepVideo : MEDIA.removeVideo}
              </button>
            </div>
          )
        }
        files={files.video}
        onChange={(video) => onChange((current) => ({ ...current, video }))}
      />
      {!filesFitForm(files) && (
        <p className="xf-error" role="alert">
          {MEDIA.formTooLarge}
        </p>
      )}
    </>
  );
}
