// The QR reader for browsers without their own BarcodeDetector, as a chunk of its own: it and ZXing's
// WebAssembly are built under /reader/, outside the precache every tourist downloads, and a seller's
// phone keeps them for offline boarding (scanner.ts, the service worker's /reader/ route).
export { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
