// HTTP byte ranges (RFC 9110 §14) for media: video players seek with them and resume downloads.

export type RangeRequest =
  /** No usable Range header: answer 200 with the whole file. */
  | { kind: 'whole' }
  /** One satisfiable range, both ends inclusive: answer 206. */
  | { kind: 'slice'; start: number; end: number }
  /** A valid range that lies outside the file: answer 416. */
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Reads `bytes=a-b`, `bytes=a-` and `bytes=-n`. A malformed header, another unit or several ranges
 * are ignored (the RFC allows it), and the whole file is served: no player needs multipart ranges.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(.+)$/i.exec(header.trim());
  const specs = match?.[1]?.split(',') ?? [];
  if (specs.length !== 1) return { kind: 'whole' };
  const parts = SPEC.exec((specs[0] ?? '').trim());
  if (!parts) return { kind: 'whole' };
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return { kind: 'whole' };

  if (first === '') {
    // Suffix: the last n bytes (all of them when n exceeds the size).
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'slice', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'whole' }; // invalid, so ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'slice', start, end: Math.min(end, size - 1) };
}
