import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type createSharp from 'sharp';
import type { Metadata } from 'sharp';
import { MediaRejectedError } from './errors';
import type { RasterFormat } from './sniff';

// Uploaded photos are re-encoded to WebP at a few widths, so a phone on a weak network asks for the
// 480 px one and never downloads the camera original. Re-encoding also drops EXIF (GPS included) and
// any payload hidden in the original file.

/** Widths of the stored variants, ascending. */
export const IMAGE_WIDTHS = [480, 1280] as const;
/** The 'full' image is normalised to fit in this square; bigger is never useful on a phone. */
export const FULL_IMAGE_MAX_SIDE = 2048;
/** Decompression-bomb guard: a tiny file may declare a huge canvas; refuse before decoding it. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const WEBP_QUALITY = 80;

// sharp (libvips) is loaded with the first picture, not with the server: it cost `npm start` about
// 0.1 s, and most starts render nothing at once. warmImages() loads it once the server is up.
let sharpModule: Promise<typeof createSharp> | undefined;
const loadSharp = (): Promise<typeof createSharp> =>
  (sharpModule ??= import('sharp').then((module) => module.default));

/** Loads the image library ahead of the first picture. */
export async function warmImages(): Promise<void> {
  await loadSharp();
}

export interface RenderedImage {
  full: Buffer;
  /** Only widths narrower than the full image: a variant is never upscaled nor larger than full. */
  variants: { width: number; body: Buffer }[];
}

// Decoding a photo takes all of a core and, for a 50-megapixel picture, a few hundred MB: a burst
// of large uploads decoded side by side slows every other request and fills the memory. So a
// process decodes at most DECODE_CONCURRENCY photos at once (libvips already spreads each one over
// the cores, so more at once would not finish sooner), and at most DECODE_QUEUE_LIMIT more wait
// their turn; an upload beyond that is refused with 429 'busy' rather than held in memory.

/** Photos decoded at once in one process. */
export const DECODE_CONCURRENCY = Math.min(2, availableParallelism());
/** Photos waiting for a decode slot in one process before further uploads are refused. */
export const DECODE_QUEUE_LIMIT = 8;

let decoding = 0;
let decodingPeak = 0;
const waiting: (() => void)[] = [];

export interface DecodeStats {
  /** Decodes running now. */
  active: number;
  /** Decodes waiting for a slot. */
  queued: number;
  /** The most decodes that ran at once since the last resetDecodePeak(). */
  peak: number;
}

/** How busy the decoder is; its peak shows the concurrency bound holds. */
export function decodeStats(): DecodeStats {
  return { active: decoding, queued: waiting.length, peak: decodingPeak };
}

/** Starts a new peak measurement from what runs now. */
export function resetDecodePeak(): void {
  decodingPeak = decoding;
}

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= DECODE_CONCURRENCY) {
    if (waiting.length >= DECODE_QUEUE_LIMIT) throw new MediaRejectedError('busy');
    // The finishing decode hands its slot over directly, so `decoding` stays counted meanwhile.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    decoding += 1;
  }
  decodingPeak = Math.max(decodingPeak, decoding);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

export async function renderImage(bytes: Uint8Array, expected: RasterFormat): Promise<RenderedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Headers only, without the pixel limit, so a bomb is told apart from a broken file below. This
    // decodes no pixels, so it needs no decode slot: a refused file never waits for one.
    meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw new MediaRejectedError('unreadable');
  }
  if (meta.format !== expected) throw new MediaRejectedError('not_image');
  // The prebuilt libvips has no HEVC decoder (patents), so HEIC would fail later anyway.
  if (meta.format === 'heif' && meta.compression !== 'av1') throw new MediaRejectedError('heic');
  if (!meta.width || !meta.height) throw new MediaRejectedError('unreadable');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new MediaRejectedError('too_many_pixels');

  return withDecodeSlot(async () => {
    try {
      // The original is decoded once, into the full image; the narrower variants are made from that
      // (at most 2048 px, cheap to decode again) rather than from a camera original each time.
      // failOn 'error' refuses truncated or corrupt pixel data but tolerates the harmless warnings
      // many phone cameras trigger. pages: 1 takes the first frame of an animation.
      const full = await sharp(bytes, {
        limitInputPixels: MAX_IMAGE_PIXELS,
        failOn: 'error',
        autoOrient: true,
        pages: 1,
      })
        .resize({
          width: FULL_IMAGE_MAX_SIDE,
          height: FULL_IMAGE_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      const variants: RenderedImage['variants'] = [];
      for (const width of IMAGE_WIDTHS) {
        if (width >= full.info.width) break;
        const body = await sharp(full.data).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
        variants.push({ width, body });
      }
      return { full: full.data, variants };
    } catch {
      throw new MediaRejectedError('unreadable');
    }
  });
}

/**
 * The demo's generated artwork is SVG. Asked for at a card's or a screen's width, it is answered as a
 * WebP rendering like an uploaded photo's variant: a browser parses every SVG picture as a document
 * of its own on the page's main thread (10–90 ms each in a desktop trace of a first visit), where a
 * WebP decodes off it. The rendering is made on the first request and stored next to the SVG.
 */
export interface SvgRendering {
  /** The stored file: `a.svg` at 480 px is `a.svg-480.webp`. */
  fileId: string;
  width: number;
}

/** The rendering that answers a width: the narrowest variant at least that wide; null for the SVG. */
export function svgRendering(id: string, width: number | null): SvgRendering | null {
  const variant = width === null ? undefined : IMAGE_WIDTHS.find((candidate) => candidate >= width);
  return variant === undefined ? null : { fileId: `${id}-${variant}.webp`, width: variant };
}

export async function rasterizeSvg(svg: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  // Drawn at the density that gives the target width, so a wide rendering is sharp, not upscaled.
  const natural = (await sharp(svg, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()).width;
  if (!natural) throw new Error('an SVG without a width');
  return sharp(svg, { density: (72 * width) / natural, limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/** 24 random hex digits: unguessable, and never colliding with a variant name (those have a '-'). */
export function newMediaId(extension: string): string {
  return `${randomBytes(12).toString('hex')}.${extension}`;
}

/** The file holding a variant of a WebP media id: `abc.webp` at 480 px is `abc-480.webp`. */
export function variantFileId(id: string, width: number): string | null {
  return id.endsWith('.webp') ? `${id.slice(0, -'.webp'.length)}-${width}.webp` : null;
}

/**
 * The width a request asks for: `w` in pixels, or `size=small|large`. Nothing or nonsense means the
 * full image, which every client without the parameter (the spec's plain GET) also gets.
 */
export function requestedWidth(w: string | undefined, size: string | undefined): number | null {
  if (w !== undefined && /^\d{1,5}$/.test(w) && Number(w) > 0) return Number(w);
  if (size === 'small') return IMAGE_WIDTHS[0];
  if (size === 'large') return IMAGE_WIDTHS[1];
  return null;
}

/**
 * Files to try, best first, for a width: the narrowest variant at least that wide, then wider ones,
 * then the full image. So w=300 gets 480, w=800 gets 1280, w=2000 gets full. A picture too small to
 * have had a variant made simply falls through to its full file, which is then no wider anyway.
 * Only our own WebP uploads have variants here; SVG art at a width is rendered (`svgRendering`),
 * and video is always served whole.
 */
export function candidateFiles(id: string, contentType: string, width: number | null): string[] {
  if (contentType !== 'image/webp' || width === null) return [id];
  const files: string[] = [];
  for (const variant of IMAGE_WIDTHS) {
    const file = variant >= width ? variantFileId(id, variant) : null;
    if (file) files.push(file);
  }
  return [...files, id];
}
