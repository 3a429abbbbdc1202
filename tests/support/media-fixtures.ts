import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Upload fixtures made on the fly: photo-like pictures (gradients plus grain, so they do not compress
// to nothing), minimal video containers and hostile files.

/** A deterministic pseudo-random generator, so every run stores the same bytes. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function photoPixels(width: number, height: number, seed = 1): Buffer {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const grain = (next() - 0.5) * 40;
      pixels[at] = clamp((x / width) * 200 + 30 + grain);
      pixels[at + 1] = clamp((y / height) * 180 + 40 + Math.sin(x / 37) * 30 + grain);
      pixels[at + 2] = clamp(160 - (x / width) * 80 + Math.cos(y / 23) * 40 + grain);
    }
  }
  return pixels;
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

export async function photoJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp(photoPixels(width, height), { raw: { width, height, channels: 3 } });
  // The EXIF marker lets a test prove the stored copy dropped the camera's metadata.
  const tagged = orientation
    ? image.withExif({ IFD0: { Copyright: 'secret-exif-marker' } }).withMetadata({ orientation })
    : image;
  return tagged.jpeg({ quality: 88 }).toBuffer();
}

export async function photoPng(width: number, height: number): Promise<Buffer> {
  return sharp(photoPixels(width, height, 7), { raw: { width, height, channels: 3 } })
    .ensureAlpha(0.8)
    .png()
    .toBuffer();
}

/** An ISO-BMFF file: an 'ftyp' box (isom) followed by an 'mdat' box of grain. Enough to be sniffed. */
export function tinyMp4(totalBytes: number): Uint8Array {
  const bytes = new Uint8Array(totalBytes);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 24);
  bytes.set(ascii('ftypisom'), 4);
  view.setUint32(12, 0x200);
  bytes.set(ascii('isommp41'), 16);
  view.setUint32(24, totalBytes - 24);
  bytes.set(ascii('mdat'), 28);
  const next = random(3);
  for (let i = 32; i < totalBytes; i++) bytes[i] = Math.floor(next() * 256);
  return bytes;
}

/** An EBML header declaring DocType 'webm', then grain. */
export function tinyWebm(totalBytes: number): Uint8Array {
  const header = [
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0xf7,
    0x81,
    0x01,
    0x42,
    0xf2,
    0x81,
    0x04,
    0x42,
    0xf3,
    0x81,
    0x08,
    0x42,
    0x82,
    0x84,
    ...ascii('webm'),
    0x42,
    0x87,
    0x81,
    0x04,
    0x42,
    0x85,
    0x81,
    0x02,
  ];
  const bytes = new Uint8Array(totalBytes);
  bytes.set(header);
  const next = random(5);
  for (let i = header.length; i < totalBytes; i++) bytes[i] = Math.floor(next() * 256);
  return bytes;
}

/** A valid 90-byte PNG that declares a 30000×30000 canvas: 900 megapixels once decoded. */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script>' +
  '<rect width="100" height="100" fill="red"/></svg>';

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}
