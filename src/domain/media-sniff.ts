// Recognises a file by its first bytes. The name and the browser's claimed type are never trusted:
// both are chosen by whoever uploads. Only formats we can serve safely are recognised at all.
// Pure, so the server's media ingest and the excursion form's check of a picked file read the same
// signatures.

export type RasterFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif';

export type Sniffed =
  | { family: 'image'; format: RasterFormat }
  | { family: 'video'; contentType: 'video/mp4' | 'video/quicktime' | 'video/webm' }
  /** Recognised but refused: SVG can carry scripts, Matroska/TIFF do not play or show in browsers. */
  | { family: 'unsupported'; what: 'svg' | 'tiff' | 'matroska' }
  | { family: 'unknown' };

// ISO-BMFF brands that mean a still image (HEIF/AVIF), not a movie.
const IMAGE_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
]);

/**
 * How many leading bytes `sniff` reads at most: every signature, the EBML DocType and an SVG's root
 * element fall within them, so a browser reads only this slice of a large file.
 */
export const SNIFF_HEAD_BYTES = 4096;

export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { family: 'image', format: 'jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { family: 'image', format: 'png' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')
    return { family: 'image', format: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return { family: 'image', format: 'webp' };
  if (ascii(bytes, 4, 4) === 'ftyp') return isoBmff(bytes);
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // The EBML header names its DocType within the first few dozen bytes.
    const header = ascii(bytes, 0, 64);
    if (header.includes('webm')) return { family: 'video', contentType: 'video/webm' };
    return { family: 'unsupported', what: 'matroska' };
  }
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*')
    return { family: 'unsupported', what: 'tiff' };
  if (looksLikeSvg(bytes)) return { family: 'unsupported', what: 'svg' };
  return { family: 'unknown' };
}

function isoBmff(bytes: Uint8Array): Sniffed {
  const major = ascii(bytes, 8, 4);
  if (!/^[\x20-\x7e]{4}$/.test(major)) return { family: 'unknown' };
  // A HEIF still leads with an image brand (mif1/heic/avif); an MP4 movie may list such brands among
  // its compatible ones but never as the major brand.
  if (IMAGE_BRANDS.has(major)) return { family: 'image', format: 'heif' };
  if (major === 'qt  ') return { family: 'video', contentType: 'video/quicktime' };
  return { family: 'video', contentType: 'video/mp4' };
}

/** The major brand of an ISO-BMFF file ('heic', 'avif', 'isom', …), or '' for any other file. */
export function isoMajorBrand(bytes: Uint8Array): string {
  return ascii(bytes, 4, 4) === 'ftyp' ? ascii(bytes, 8, 4) : '';
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, SNIFF_HEAD_BYTES))
    .toLowerCase();
  return head.includes('<svg');
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((value, i) => bytes[i] === value);
}

function ascii(bytes: Uint8Array, from: number, length: number): string {
  if (bytes.length < from + length) return '';
  return String.fromCharCode(...bytes.subarray(from, from + length));
}
