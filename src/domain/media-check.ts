// The excursion form's check of a picked photo or video before it is uploaded: the same size caps and
// byte signatures as the server's media ingest (server/media/ingest.ts), so a file the server would
// refuse for its size or its type is refused at once, without a long upload. Whatever needs the
// pixels decoded (a broken file, too many megapixels) is still the server's to find.

import { EXCURSION_FORM_MAX_BYTES, MAX_IMAGE_FILE_BYTES, MAX_VIDEO_FILE_BYTES } from './excursion-form-files';
import { isoMajorBrand, sniff, SNIFF_HEAD_BYTES } from './media-sniff';

/**
 * Why a picked file cannot be sent. The names are the server's refusals of the same file
 * (server/media/errors.ts MediaRejection), so the form can say it in the server's words.
 */
export type MediaFileProblem =
  'empty' | 'not_image' | 'image_format' | 'heic' | 'video_format' | 'image_too_large' | 'video_too_large';

export type MediaKind = 'image' | 'video';

/** HEIF brands of HEVC-coded stills, which the server cannot decode; AVIF (and a bare mif1) it can. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

/**
 * The problem of a file of `size` bytes whose first bytes are `head` (at least SNIFF_HEAD_BYTES of
 * them, or the whole file), in the order the server checks: empty, too large, then the type.
 */
export function mediaFileProblem(head: Uint8Array, size: number, kind: MediaKind): MediaFileProblem | null {
  if (size === 0) return 'empty';
  if (kind === 'video') {
    if (size > MAX_VIDEO_FILE_BYTES) return 'video_too_large';
    return sniff(head).family === 'video' ? null : 'video_format';
  }
  if (size > MAX_IMAGE_FILE_BYTES) return 'image_too_large';
  const sniffed = sniff(head);
  if (sniffed.family === 'unsupported') return 'image_format';
  if (sniffed.family !== 'image') return 'not_image';
  if (sniffed.format === 'heif' && HEVC_BRANDS.has(isoMajorBrand(head))) return 'heic';
  return null;
}

/** Reads only the head of a picked file (a video can be hundreds of megabytes) and checks it. */
export async function checkMediaFile(file: Blob, kind: MediaKind): Promise<MediaFileProblem | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_HEAD_BYTES).arrayBuffer());
  return mediaFileProblem(head, file.size, kind);
}

/**
 * Whether files of these sizes fit in one excursion form; a small margin is left for the form's
 * text part and the multipart framing, which count towards the server's limit too.
 */
export function formFitsLimit(sizes: readonly number[]): boolean {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return total <= EXCURSION_FORM_MAX_BYTES - FORM_OVERHEAD_BYTES;
}

/** Room kept for the excursion's JSON and the multipart headers of every part. */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;
