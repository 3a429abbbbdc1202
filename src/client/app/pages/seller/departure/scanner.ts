import ponyfillUrl from './qr-ponyfill?chunk-url';
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

// Reading a ticket's QR code from the camera or a photo. The browser's own BarcodeDetector is used
// where it exists (Android Chrome); elsewhere (desktop Linux Chromium, Firefox, Safari) the
// `barcode-detector` ponyfill reads it with ZXing compiled to WebAssembly. The ponyfill's chunk and its
// .wasm (about 1 MB) ship with the app's files under /reader/, never from a CDN. They are not in the
// service worker's precache, which every tourist downloads: a seller's phone keeps them in a cache of
// their own from the first time a departure's screen opens with network (keepQrReaderOffline), and the
// worker answers /reader/ from that cache (sw/sw.ts), so scanning works on a road with no signal.

/** Cache Storage bucket holding the reader's files: only this build's are kept in it (sw/sw.ts reads it). */
const READER_CACHE = 'qr-reader';
/** The reader's files, as this build names them. */
const READER_FILES = [ponyfillUrl, zxingReaderWasm];

/** What the screen needs of a detector: the texts of the QR codes in an image. */
export interface QrReader {
  read(source: ImageBitmapSource): Promise<string[]>;
}

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

let loading: Promise<QrReader> | null = null;

/** The QR reader, loaded once; rejects when none can run here (the screen then offers typing). */
export function loadQrReader(): Promise<QrReader> {
  loading ??= createReader();
  // A failed load (a lost chunk) is tried again the next time, not remembered.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

async function createReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await hasNativeQr())) return wrap(new native({ formats: ['qr_code'] }));
  const [{ BarcodeDetector, prepareZXingModule }, wasmBinary] = await Promise.all([
    import('./qr-ponyfill'),
    readerWasm(),
  ]);
  // Instantiated now rather than at the first frame, so a module that cannot run is known at once.
  await prepareZXingModule({
    overrides: {
      wasmBinary,
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingReaderWasm : prefix + path,
    },
    fireImmediately: true,
  });
  return wrap(new BarcodeDetector({ formats: ['qr_code'] }));
}

async function hasNativeQr(): Promise<boolean> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  return Boolean(
    native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code'),
  );
}

async function readerCache(): Promise<Cache | null> {
  return typeof caches === 'undefined' ? null : caches.open(READER_CACHE).catch(() => null);
}

/** The reader's WebAssembly: from the phone's cache, else from the app's files, then kept. */
async function readerWasm(): Promise<ArrayBuffer> {
  const cache = await readerCache();
  const kept = await cache?.match(zxingReaderWasm).catch(() => undefined);
  if (kept) return kept.arrayBuffer();
  const response = await fetch(zxingReaderWasm);
  if (!response.ok) throw new Error(`QR reader answered ${response.status}`);
  if (cache) await keep(cache, zxingReaderWasm, response.clone());
  return response.arrayBuffer();
}

const pathOf = (url: string) => new URL(url, location.href).pathname;

/** Stores one of this build's reader files and drops an earlier build's (names change with bytes). */
async function keep(cache: Cache, url: string, response: Response): Promise<void> {
  try {
    const current = new Set(READER_FILES.map(pathOf));
    for (const request of await cache.keys()) {
      if (!current.has(new URL(request.url).pathname)) await cache.delete(request);
    }
    await cache.put(url, response);
  } catch (error) {
    // A full disk: the reader still works now, from the network; offline it will say it cannot read.
    console.warn('QR reader not kept for offline use', error);
  }
}

/**
 * Makes sure the phone holds the QR reader for offline boarding (a departure's screens call it while
 * online). Nothing to keep where the browser reads QR codes itself.
 */
export async function keepQrReaderOffline(): Promise<void> {
  if (await hasNativeQr()) return;
  const cache = await readerCache();
  if (!cache) return;
  for (const url of READER_FILES) {
    if (await cache.match(url).catch(() => undefined)) continue;
    const response = await fetch(url).catch(() => null);
    if (response?.ok) await keep(cache, url, response);
  }
}

function wrap(detector: Detector): QrReader {
  return {
    async read(source) {
      const found = await detector.detect(source);
      return found.map((code) => code.rawValue).filter((text) => text.trim() !== '');
    },
  };
}

/** The QR texts in a photo (a file from the picker or the camera app). */
export async function readPhoto(reader: QrReader, file: Blob): Promise<string[]> {
  const bitmap = await createImageBitmap(file);
  try {
    return await reader.read(bitmap);
  } finally {
    bitmap.close();
  }
}

export type CameraFailure = 'denied' | 'missing';

/** Why the camera did not start: refused by the user or the browser, or none that works. */
export function cameraFailure(error: unknown): CameraFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'missing';
}

/** The back camera's stream; throws when there is no camera API, no camera, or no permission. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NotFoundError');
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}
