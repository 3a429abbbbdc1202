import type { Context } from 'hono';
import type { z } from 'zod';
import { EXCURSION_FORM_MAX_BYTES } from '../../domain/excursion-form-files';
import { EXCURSION_FORM_FIELDS as F } from '../../protocol/excursions';
import { containsNul } from '../../protocol/json';
import { MAX_GALLERY, MAX_IMAGES, MAX_MODERATION_REASON_LENGTH } from '../../protocol/primitives';
import { MediaRejectedError } from '../media/errors';
import { removeMedia, storeMedia, type MediaKind } from '../media/ingest';
import type { Principal } from '../storage/users';
import type { AppDeps } from './deps';
import { ServiceError } from './errors';

// The excursion form of POST /api/excursions and PUT /api/excursions/{id} (routes/excursions.ts): a
// multipart form with the `excursion` JSON part and the files of SPEC §7. Reading it checks the shape,
// the counts and the JSON; storing its files is all or nothing, so a refused form leaves no file behind.

export const EXCURSION_FORM_TEXTS = {
  badMultipart: 'Отправьте форму экскурсии как multipart/form-data',
  badJson: 'Поле excursion должно содержать JSON экскурсии',
  tooManyImages: `Не больше ${MAX_IMAGES} обложек`,
  tooManyGallery: `Не больше ${MAX_GALLERY} фото в галерее`,
  oneVideo: 'Можно прикрепить только одно видео',
  badKept: 'Некорректный список сохраняемых фото',
  tooBig: `Слишком большая форма: загрузите не больше ${EXCURSION_FORM_MAX_BYTES / 1024 / 1024} МБ видео и фото за раз`,
  badId: 'Некорректный идентификатор экскурсии',
  badReason: `Причина отказа: от 1 до ${MAX_MODERATION_REASON_LENGTH} символов`,
  fileRefused: (name: string, message: string) => `Файл «${name}»: ${message}`,
} as const;

/** The whole form (src/domain/excursion-form-files.ts): the browser checks the same sum before sending. */
export const EXCURSION_FORM_LIMIT = EXCURSION_FORM_MAX_BYTES;

export type Form = Record<string, string | File | (string | File)[]>;

const filesOf = (form: Form, field: string): File[] =>
  [form[field] ?? []].flat().filter((value): value is File => value instanceof File);

export const textsOf = (form: Form, field: string): string[] =>
  [form[field] ?? []].flat().filter((value): value is string => typeof value === 'string');

export async function readForm(c: Context): Promise<Form> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badMultipart);
  try {
    return (await c.req.parseBody({ all: true })) as Form;
  } catch {
    throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badMultipart);
  }
}

export function excursionJson(form: Form): unknown {
  const [text] = textsOf(form, F.excursion);
  if (text === undefined) throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badJson);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badJson);
  }
  // PostgreSQL text cannot hold U+0000: refused here rather than failing in the INSERT.
  if (containsNul(value)) throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badJson);
  return value;
}

/** Kept names come as repeated fields or as one JSON array: both readings of the spec's client. */
export function keptNames(form: Form, field: string, schema: z.ZodType<string[]>): string[] {
  const raw = textsOf(form, field);
  const names = raw.length === 1 && raw[0]?.trim().startsWith('[') ? safeJson(raw[0]) : raw;
  const parsed = schema.safeParse(names);
  if (!parsed.success) throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badKept);
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface Uploads {
  previews: File[];
  gallery: File[];
  video: File | undefined;
}

export function uploadsOf(form: Form, kept: { images: string[]; gallery: string[] }): Uploads {
  const previews = filesOf(form, F.previewImages);
  const gallery = filesOf(form, F.galleryImages);
  const videos = filesOf(form, F.video);
  if (previews.length + kept.images.length > MAX_IMAGES)
    throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.tooManyImages);
  if (gallery.length + kept.gallery.length > MAX_GALLERY)
    throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.tooManyGallery);
  if (videos.length > 1) throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.oneVideo);
  return { previews, gallery, video: videos[0] };
}

/** Stores the uploads; on any refusal removes what was already stored and answers which file it was. */
export interface StoredUploads {
  /** Every media id written, for the clean-up. */
  stored: string[];
  previews: string[];
  gallery: string[];
  video: string;
}

export async function storeUploads(
  deps: AppDeps,
  owner: Principal,
  uploads: Uploads,
): Promise<StoredUploads> {
  const stored: string[] = [];
  const put = async (file: File, kind: MediaKind) => {
    try {
      const media = await storeMedia(deps, {
        kind,
        bytes: new Uint8Array(await file.arrayBuffer()),
        ownerId: owner.id,
        fileName: file.name,
      });
      stored.push(media.id);
      return media.id;
    } catch (error) {
      await removeMedia(deps, stored);
      if (error instanceof MediaRejectedError) {
        // The form names the refused file; the answer keeps the rejection's own status (413 too).
        error.message = EXCURSION_FORM_TEXTS.fileRefused(file.name || kind, error.message);
        throw error;
      }
      throw error;
    }
  };
  const previews: string[] = [];
  for (const file of uploads.previews) previews.push(await put(file, 'image'));
  const gallery: string[] = [];
  for (const file of uploads.gallery) gallery.push(await put(file, 'image'));
  const video = uploads.video ? await put(uploads.video, 'video') : '';
  return { stored, previews, gallery, video };
}
