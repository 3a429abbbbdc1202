import { describe, expect, it } from 'vitest';
import { MEDIA, MEDIA_PROBLEMS } from '../../../src/client/app/pages/excursion-form/strings';
import {
  EXCURSION_FORM_MAX_BYTES,
  MAX_IMAGE_FILE_BYTES,
  MAX_VIDEO_FILE_BYTES,
} from '../../../src/domain/excursion-form-files';
import {
  checkMediaFile,
  FORM_OVERHEAD_BYTES,
  formFitsLimit,
  mediaFileProblem,
  type MediaFileProblem,
} from '../../../src/domain/media-check';
import { EXCURSION_FORM_LIMIT, EXCURSION_FORM_TEXTS } from '../../../src/server/http/excursion-form';
import { MEDIA_REJECTION_MESSAGES } from '../../../src/server/media/errors';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../../src/server/media/ingest';
import { photoJpeg, photoPng, SCRIPTED_SVG, tinyMp4, tinyWebm } from '../../support/media-fixtures';

// The excursion form's check of a picked file, on real file bytes: what the browser refuses before an
// upload, by the file's content and size, and in the server's words.

const file = (bytes: Uint8Array | string, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

/** An ISO-BMFF still with the given major brand (HEIC from an iPhone, AVIF). */
function heifStill(brand: string): Uint8Array {
  const bytes = new Uint8Array(64);
  new DataView(bytes.buffer).setUint32(0, 24);
  bytes.set(new TextEncoder().encode(`ftyp${brand}`), 4);
  bytes.set(new TextEncoder().encode('mif1miaf'), 16);
  return bytes;
}

describe('a picked photo', () => {
  it('passes when its bytes are a JPEG or a PNG, whatever the browser claims', async () => {
    expect(
      await checkMediaFile(file(await photoJpeg(320, 240), 'bay.jpg', 'image/jpeg'), 'image'),
    ).toBeNull();
    expect(await checkMediaFile(file(await photoPng(320, 240), 'cape.png', 'image/png'), 'image')).toBeNull();
    // A real photo whose name and claimed type are wrong is still a photo: the bytes decide.
    expect(await checkMediaFile(file(await photoPng(64, 64), 'scan.txt', 'text/plain'), 'image')).toBeNull();
  });

  it('is refused as not an image when it is a text file renamed to .png', async () => {
    const renamed = file('Список вещей: вода, кепка, крем от солнца\n', 'beach.png', 'image/png');
    expect(await checkMediaFile(renamed, 'image')).toBe('not_image');
    expect(MEDIA.refused(renamed.name, 'not_image')).toBe('Файл «beach.png»: Файл не является изображением');
  });

  it('refuses an SVG (it can carry scripts) and an iPhone HEIC, and takes an AVIF', async () => {
    expect(await checkMediaFile(file(SCRIPTED_SVG, 'logo.svg', 'image/svg+xml'), 'image')).toBe(
      'image_format',
    );
    expect(await checkMediaFile(file(heifStill('heic'), 'IMG_0001.HEIC', 'image/heic'), 'image')).toBe(
      'heic',
    );
    expect(await checkMediaFile(file(heifStill('avif'), 'sea.avif', 'image/avif'), 'image')).toBeNull();
  });

  it('is refused when empty, and when over 15 MB even with real JPEG bytes', async () => {
    expect(await checkMediaFile(file(new Uint8Array(0), 'empty.jpg', 'image/jpeg'), 'image')).toBe('empty');
    const jpeg = await photoJpeg(320, 240);
    const big = new Uint8Array(MAX_IMAGE_FILE_BYTES + 1);
    big.set(jpeg);
    expect(await checkMediaFile(file(big, 'huge.jpg', 'image/jpeg'), 'image')).toBe('image_too_large');
    const atCap = big.subarray(0, MAX_IMAGE_FILE_BYTES);
    expect(await checkMediaFile(file(atCap, 'cap.jpg', 'image/jpeg'), 'image')).toBeNull();
  });
});

describe('a picked video', () => {
  it('passes when its bytes are an MP4 or a WebM', async () => {
    expect(await checkMediaFile(file(tinyMp4(64 * 1024), 'walk.mp4', 'video/mp4'), 'video')).toBeNull();
    expect(await checkMediaFile(file(tinyWebm(64 * 1024), 'walk.webm', ''), 'video')).toBeNull();
  });

  it('is refused when it is a photo or a text file renamed to .mp4', async () => {
    const photo = file(await photoJpeg(160, 120), 'clip.mp4', 'video/mp4');
    expect(await checkMediaFile(photo, 'video')).toBe('video_format');
    expect(await checkMediaFile(file('not a film', 'clip.mp4', 'video/mp4'), 'video')).toBe('video_format');
  });

  it('is refused over 200 MB; only its first bytes are read to tell', () => {
    const head = tinyMp4(4096);
    expect(mediaFileProblem(head, MAX_VIDEO_FILE_BYTES + 1, 'video')).toBe('video_too_large');
    expect(mediaFileProblem(head, MAX_VIDEO_FILE_BYTES, 'video')).toBeNull();
  });
});

describe('the limits and words the form shares with the server', () => {
  it('checks the same size caps and the same whole-form limit as the server', () => {
    expect(MAX_IMAGE_FILE_BYTES).toBe(MAX_IMAGE_BYTES);
    expect(MAX_VIDEO_FILE_BYTES).toBe(MAX_VIDEO_BYTES);
    expect(EXCURSION_FORM_MAX_BYTES).toBe(EXCURSION_FORM_LIMIT);
    expect(formFitsLimit([MAX_VIDEO_FILE_BYTES, 9 * MAX_IMAGE_FILE_BYTES])).toBe(true);
    expect(formFitsLimit([MAX_VIDEO_FILE_BYTES, 10 * MAX_IMAGE_FILE_BYTES - FORM_OVERHEAD_BYTES])).toBe(true);
    expect(formFitsLimit([MAX_VIDEO_FILE_BYTES, 10 * MAX_IMAGE_FILE_BYTES])).toBe(false);
  });

  it('says each refusal word for word as the server says it of the same file', () => {
    const problems = Object.keys(MEDIA_PROBLEMS) as MediaFileProblem[];
    expect(problems).toHaveLength(7);
    for (const problem of problems) {
      expect(MEDIA_PROBLEMS[problem]).toBe(MEDIA_REJECTION_MESSAGES[problem]);
      expect(MEDIA.refused('walk.mp4', problem)).toBe(
        EXCURSION_FORM_TEXTS.fileRefused('walk.mp4', MEDIA_REJECTION_MESSAGES[problem]),
      );
    }
  });
});
