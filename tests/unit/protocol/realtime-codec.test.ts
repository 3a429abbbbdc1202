import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParseResult } from '../../../src/protocol/json';
import { MAX_WS_MESSAGE_BYTES, type ServerMessage } from '../../../src/protocol/realtime';
import {
  encodeServerMessage,
  frameToText,
  parseClientMessage,
  parseServerMessage,
  utf8ByteLength,
  wsErrorMessage,
} from '../../../src/protocol/realtime-codec';
import { replicaExcursion } from '../../../src/protocol/sync';
import { EXCURSION_ID, excursion } from './fixtures';

const subscribe = JSON.stringify({ type: 'subscribe', channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE'] });
const encoder = new TextEncoder();

/** Calls the parser and fails the test if it throws or answers in any other shape. */
function parsesSafely(parse: (raw: unknown) => ParseResult<unknown>, raw: unknown): void {
  const result = parse(raw);
  expect(typeof result.ok).toBe('boolean');
  if (!result.ok) expect(typeof result.error).toBe('string');
}

describe('parseClientMessage', () => {
  it('reads a text frame', () => {
    expect(parseClientMessage(subscribe)).toEqual({
      ok: true,
      value: { type: 'subscribe', channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE'], userId: undefined },
    });
  });

  it('reads a binary frame, an ArrayBuffer and fragments as ws delivers them', () => {
    const bytes = encoder.encode(subscribe);
    expect(parseClientMessage(bytes).ok).toBe(true);
    expect(parseClientMessage(bytes.buffer).ok).toBe(true);
    expect(parseClientMessage([bytes.subarray(0, 10), bytes.subarray(10)]).ok).toBe(true);
    expect(parseClientMessage(new DataView(bytes.buffer)).ok).toBe(true);
  });

  it('reads a ping', () => {
    expect(parseClientMessage('{"type":"ping"}')).toEqual({ ok: true, value: { type: 'ping' } });
  });

  it('refuses a frame over 64 KiB before parsing it', () => {
    expect(MAX_WS_MESSAGE_BYTES).toBe(65_536);
    const padded = JSON.stringify({ type: 'ping', pad: 'x'.repeat(MAX_WS_MESSAGE_BYTES) });
    expect(parseClientMessage(padded)).toEqual({ ok: false, error: expect.stringContaining('larger') });
    expect(parseClientMessage(encoder.encode(padded)).ok).toBe(false);
    expect(parseClientMessage([new Uint8Array(40_000), new Uint8Array(40_000)]).ok).toBe(false);
  });

  it('counts bytes, not characters: 40 000 Cyrillic letters are too large', () => {
    const text = JSON.stringify({ type: 'ping', pad: 'я'.repeat(40_000) });
    expect(text.length).toBeLessThan(MAX_WS_MESSAGE_BYTES);
    expect(parseClientMessage(text).ok).toBe(false);
  });

  it('refuses invalid UTF-8', () => {
    expect(parseClientMessage(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).toEqual({
      ok: false,
      error: 'frame is not valid UTF-8',
    });
  });

  it.each([
    ['not JSON', 'hello'],
    ['truncated JSON', '{"type":"subscribe","channels":['],
    ['JSON null', 'null'],
    ['a JSON number', '42'],
    ['a JSON string', '"subscribe"'],
    ['a JSON array', '[{"type":"ping"}]'],
    ['a prototype trick', '{"__proto__":{"type":"ping"}}'],
    ['an empty frame', ''],
  ])('answers an error for %s', (_label, raw) => {
    const result = parseClientMessage(raw);
    expect(result.ok).toBe(false);
  });

  it.each([null, undefined, 42, {}, { type: 'ping' }, [1, 2], Symbol('x'), () => 1, new Date()])(
    'answers an error for a non-frame %s',
    (raw) => expect(parseClientMessage(raw).ok).toBe(false),
  );

  it('survives deeply nested JSON', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    parsesSafely(parseClientMessage, deep);
    parsesSafely(parseClientMessage, `{"type":"subscribe","channels":${deep}}`);
  });

  it('never throws on random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (raw) =>
        parsesSafely(parseClientMessage, raw),
      ),
    );
  });

  it('never throws on random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (raw) => parsesSafely(parseClientMessage, raw)));
  });

  it('never throws on random JSON of any type', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => parsesSafely(parseClientMessage, JSON.stringify(value) ?? '')),
    );
  });

  it('never throws on subscribe-shaped objects with random fields', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            type: fc.constant('subscribe'),
            channels: fc.anything(),
            userId: fc.anything(),
            token: fc.anything(),
          },
          { requiredKeys: ['type'] },
        ),
        (message) => {
          let text: string;
          try {
            text = JSON.stringify(message);
          } catch {
            return; // BigInt and friends cannot be sent at all
          }
          parsesSafely(parseClientMessage, text ?? '');
        },
      ),
    );
  });

  it('never throws on arbitrary values as the frame', () => {
    fc.assert(fc.property(fc.anything(), (raw) => parsesSafely(parseClientMessage, raw)));
  });
});

describe('parseServerMessage', () => {
  it('reads a delta and refuses garbage without throwing', () => {
    const delta = JSON.stringify({
      type: 'EXCURSION_UPDATE',
      data: { action: 'create', excursion_id: EXCURSION_ID },
    });
    expect(parseServerMessage(delta).ok).toBe(true);
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (raw) => parsesSafely(parseServerMessage, raw)));
  });
});

describe('frameToText and utf8ByteLength', () => {
  it('agree with TextEncoder on any string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(utf8ByteLength(text)).toBe(encoder.encode(text).byteLength);
      }),
    );
  });

  it('accepts a frame of exactly 64 KiB', () => {
    expect(frameToText('x'.repeat(MAX_WS_MESSAGE_BYTES)).ok).toBe(true);
    expect(frameToText('x'.repeat(MAX_WS_MESSAGE_BYTES + 1)).ok).toBe(false);
  });
});

describe('encodeServerMessage', () => {
  it('keeps a small delta whole', () => {
    const message: ServerMessage = {
      type: 'EXCURSION_UPDATE',
      data: {
        action: 'update',
        excursion_id: EXCURSION_ID,
        excursion: replicaExcursion(excursion()),
        version: 3,
      },
    };
    const text = encodeServerMessage(message);
    expect(text).not.toBeNull();
    expect(parseServerMessage(text)).toEqual({ ok: true, value: message });
  });

  it('drops the row and version of a delta that would exceed 64 KiB', () => {
    const huge = replicaExcursion(
      excursion({
        description: 'я'.repeat(10_000),
        directions: Array.from({ length: 100 }, () => 'э'.repeat(500)),
      }),
    );
    const text = encodeServerMessage({
      type: 'EXCURSION_UPDATE',
      data: { action: 'update', excursion_id: EXCURSION_ID, excursion: huge, version: 3 },
    });
    expect(text).not.toBeNull();
    expect(utf8ByteLength(text ?? '')).toBeLessThanOrEqual(MAX_WS_MESSAGE_BYTES);
    expect(JSON.parse(text ?? '')).toEqual({
      type: 'EXCURSION_UPDATE',
      data: { action: 'update', excursion_id: EXCURSION_ID },
    });
  });

  it('builds an error reply the client schema accepts', () => {
    expect(parseServerMessage(encodeServerMessage(wsErrorMessage('bad frame'))).ok).toBe(true);
  });
});
