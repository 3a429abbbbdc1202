import { formFitsLimit } from '../../../../domain/media-check';
import type { PickedFile } from './FilePicker';

/** The files of a form until it is sent (the wizard also keeps them in its draft, draft-storage.ts). */
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

/** Whether the new files fit in one request under the server's limit on the whole form. */
export function filesFitForm(files: MediaFiles): boolean {
  return formFitsLimit([...files.covers, ...files.gallery, ...files.video].map((f) => f.file.size));
}

/** Whether any new file was chosen. */
export function hasFiles(files: MediaFiles): boolean {
  return files.covers.length + files.gallery.length + files.video.length > 0;
}
