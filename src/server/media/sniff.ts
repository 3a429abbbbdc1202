// The byte signatures live in the domain, shared with the excursion form's check of a picked file.
export { sniff, SNIFF_HEAD_BYTES, type RasterFormat, type Sniffed } from '../../domain/media-sniff';
