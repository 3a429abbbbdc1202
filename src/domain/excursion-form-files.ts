// The excursion form's files: what a picked file may be, and the editor's photos marked for removal.

// --- Files ---------------------------------------------------------------------------------------

/** Upload caps, one number for the form and the server (media ingest): a photo up to 15 MB, the video up to 200 MB, mp4 or webm. */
export const MAX_IMAGE_FILE_BYTES = 15 * 1024 * 1024;
export const MAX_VIDEO_FILE_BYTES = 200 * 1024 * 1024;
/**
 * The most the excursion form's request may carry (the server's body limit on POST/PUT
 * /api/excursions): one video at its cap plus room for ten photos at theirs.
 */
export const EXCURSION_FORM_MAX_BYTES = MAX_VIDEO_FILE_BYTES + 10 * MAX_IMAGE_FILE_BYTES;
const VIDEO_TYPES = ['video/mp4', 'video/webm'];

export type FileProblem = 'too-big' | 'wrong-type';

/**
 * A first check of a picked file, so an obviously wrong one is refused before a long upload. The
 * browser's type is only a hint (an unknown type passes): the server checks the bytes.
 */
export function fileProblem(
  file: { size: number; type: string },
  kind: 'image' | 'video',
): FileProblem | null {
  if (kind === 'image') {
    if (file.type !== '' && !file.type.startsWith('image/')) return 'wrong-type';
    return file.size > MAX_IMAGE_FILE_BYTES ? 'too-big' : null;
  }
  if (file.type !== '' && !VIDEO_TYPES.includes(file.type)) return 'wrong-type';
  return file.size > MAX_VIDEO_FILE_BYTES ? 'too-big' : null;
}

/** Toggles one media id in the editor's set of photos marked for removal. */
export function toggleMarked(marked: readonly string[], id: string): string[] {
  return marked.includes(id) ? marked.filter((m) => m !== id) : [...marked, id];
}

/** 'Удалить {n} фото': the kept photos without the marked ones. */
export function withoutMarked(kept: readonly string[], marked: readonly string[]): string[] {
  return kept.filter((id) => !marked.includes(id));
}
