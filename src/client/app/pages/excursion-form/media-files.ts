import type { PickedFile } from './FilePicker';

/** The files of a form, held in memory until it is sent (never in storage: they can be large). */
export interface MediaFiles {
  covers: PickedFile[];
  gallery: PickedFile[];
  video: PickedFile[];
}

export const NO_FILES: MediaFiles = { covers: [], gallery: [], video: [] };

/** The multipart parts of the sync layer. */
export function filesToSend(files: MediaFiles) {
  return {
    previews: files.covers.map((f) => f.file),
    gallery: files.gallery.map((f) => f.file),
    video: files.video[0]?.file ?? null,
  };
}
