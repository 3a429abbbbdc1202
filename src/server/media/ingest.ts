import { MAX_IMAGE_FILE_BYTES, MAX_VIDEO_FILE_BYTES } from '../../domain/excursion-form-files';
import type { Queryable } from '../storage/db';
import { deleteMediaRows, insertMedia } from '../storage/media';
import { MediaRejectedError } from './errors';
import { IMAGE_WIDTHS, newMediaId, renderImage, variantFileId } from './images';
import { sniff } from './sniff';
import type { MediaStore } from './store';

export type MediaKind = 'image' | 'app_media' | 'video' | 'avatar';

/** Upper bound of an uploaded photo, before re-encoding; the forms check the same number. */
export const MAX_IMAGE_BYTES = MAX_IMAGE_FILE_BYTES;
/** Upper bound of an uploaded video; stored as sent. */
export const MAX_VIDEO_BYTES = MAX_VIDEO_FILE_BYTES;

export interface StoreMediaInput {
  kind: MediaKind;
  bytes: Uint8Array;
  ownerId?: number;
  /** Only echoed on a refusal so the route can say which file it was; never used to decide the type. */
  fileName?: string;
}

export interface StoredMedia {
  id: string;
  contentType: string;
}

interface PreparedFile {
  id: string;
  body: Uint8Array;
}

interface Prepared {
  id: string;
  contentType: string;
  files: PreparedFile[];
}

const VIDEO_EXTENSIONS = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' } as const;

/**
 * Checks an upload by its bytes, stores it (photos as WebP variants, video as sent) and records its
 * `media` row. Files are written first and removed again if the row cannot be inserted, so a refusal
 * or a failure leaves nothing behind. `media.bytes` is the size of the file a plain GET serves.
 *
 * Pass the Db itself rather than a caller's transaction: a rolled-back transaction would leave
 * these files without their row.
 */
export async function storeMedia(
  deps: { db: Queryable; media: MediaStore; now?: () => Date },
  input: StoreMediaInput,
): Promise<StoredMedia> {
  let prepared: Prepared;
  try {
    prepared = await prepare(input);
  } catch (error) {
    if (error instanceof MediaRejectedError) error.fileName ??= input.fileName;
    throw error;
  }
  const { id, contentType, files } = prepared;
  const written: string[] = [];
  try {
    for (const file of files) {
      written.push(file.id);
      await deps.media.put(file.id, file.body);
    }
    const size = files.find((file) => file.id === id)?.body.byteLength ?? 0;
    // The upload time is the app's clock, as the clean-up of unused avatars reads it (compaction.ts).
    await insertMedia(deps.db, {
      id,
      kind: input.kind,
      contentType,
      bytes: size,
      ownerId: input.ownerId ?? null,
      createdAt: (deps.now?.() ?? new Date()).toISOString(),
    });
  } catch (error) {
    await Promise.all(written.map((file) => deps.media.remove(file).catch(() => undefined)));
    throw error;
  }
  return { id, contentType };
}

/**
 * A browser sends only the base name of a picked file; a slash, a backslash, a NUL or a bare '.'/'..'
 * means a crafted request. The name is never used for storage (ids are random), but such an upload is
 * refused outright rather than trusted in any part.
 */
const CRAFTED_NAME = /[\\/\0]|^\.{1,2}$/;

async function prepare(input: StoreMediaInput): Promise<Prepared> {
  const { kind, bytes } = input;
  if (input.fileName !== undefined && CRAFTED_NAME.test(input.fileName))
    throw new MediaRejectedError('bad_name');
  if (bytes.byteLength === 0) throw new MediaRejectedError('empty');
  // Size caps come first: an oversized upload costs no sniffing or decoding.
  if (kind === 'video') {
    if (bytes.byteLength > MAX_VIDEO_BYTES) throw new MediaRejectedError('video_too_large');
    const sniffed = sniff(bytes);
    if (sniffed.family !== 'video') throw new MediaRejectedError('video_format');
    const id = newMediaId(VIDEO_EXTENSIONS[sniffed.contentType]);
    return { id, contentType: sniffed.contentType, files: [{ id, body: bytes }] };
  }

  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new MediaRejectedError('image_too_large');
  const sniffed = sniff(bytes);
  if (sniffed.family === 'unsupported') throw new MediaRejectedError('image_format');
  if (sniffed.family !== 'image') throw new MediaRejectedError('not_image');
  const rendered = await renderImage(bytes, sniffed.format);
  const id = newMediaId('webp');
  const files: PreparedFile[] = [{ id, body: rendered.full }];
  for (const variant of rendered.variants) {
    const file = variantFileId(id, variant.width);
    if (file) files.push({ id: file, body: variant.body });
  }
  return { id, contentType: 'image/webp', files };
}

/** Removes stored media (rows, files and their size variants): a refused form leaves nothing behind. */
export async function removeMedia(
  deps: { db: Queryable; media: MediaStore },
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await deleteMediaRows(deps.db, ids);
  await removeMediaFiles(deps.media, ids);
}

/** Deletes the files of media whose rows are already gone: each id's file and its size variants. */
export async function removeMediaFiles(media: MediaStore, ids: readonly string[]): Promise<void> {
  const files = ids.flatMap((id) => [id, ...IMAGE_WIDTHS.flatMap((width) => variantFileId(id, width) ?? [])]);
  await Promise.all(files.map((file) => media.remove(file).catch(() => undefined)));
}
