// The excursion form's files: how large they may be (media-check.ts checks a picked file against
// these), and the editor's photos marked for removal.

// --- Files ---------------------------------------------------------------------------------------

/** Upload caps, one number for the form and the server (media ingest): a photo up to 15 MB, the video up to 200 MB, mp4 or webm. */
export const MAX_IMAGE_FILE_BYTES = 15 * 1024 * 1024;
export const MAX_VIDEO_FILE_BYTES = 200 * 1024 * 1024;
/**
 * The most the excursion form's request may carry (the server's body limit on POST/PUT
 * /api/excursions): one video at its cap plus room for ten photos at theirs.
 */
export const EXCURSION_FORM_MAX_BYTES = MAX_VIDEO_FILE_BYTES + 10 * MAX_IMAGE_FILE_BYTES;

/** Toggles one media id in the editor's set of photos marked for removal. */
export function toggleMarked(marked: readonly string[], id: string): string[] {
  return marked.includes(id) ? marked.filter((m) => m !== id) : [...marked, id];
}

/** 'Удалить {n} фото': the kept photos without the marked ones. */
export function withoutMarked(kept: readonly string[], marked: readonly string[]): string[] {
  return kept.filter((id) => !marked.includes(id));
}
