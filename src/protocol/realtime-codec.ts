// Decoding and encoding WebSocket frames. Decoding never throws, whatever arrives (a string, bytes, a
// fragmented frame, garbage, a megabyte): a bad frame must cost the server one error reply, not a crash.
// Only Web-standard APIs (TextDecoder) are used, so the same code runs in the browser and in Node.
import { parseJsonText, type ParseResult } from './json';
import {
  clientMessageSchema,
  MAX_WS_MESSAGE_BYTES,
  serverMessageSchema,
  type ClientMessage,
  type ErrorMessage,
  type ServerMessage,
} from './realtime';

/** UTF-8 size of a string, without allocating the encoded bytes. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        // A surrogate pair is one 4-byte code point.
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

const TOO_LARGE = `message larger than ${MAX_WS_MESSAGE_BYTES} bytes`;

function isByteView(value: unknown): value is ArrayBufferView {
  return ArrayBuffer.isView(value);
}

function toBytes(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * The text of a frame as `ws` (string, Buffer, ArrayBuffer or Buffer[] fragments) or a browser
 * (string, ArrayBuffer) hands it over. Sizes are checked before any decoding or copying.
 */
export function frameToText(raw: unknown): ParseResult<string> {
  try {
    if (typeof raw === 'string') {
      // Every UTF-16 unit is at least one UTF-8 byte, so a long string fails without a full count.
      if (raw.length > MAX_WS_MESSAGE_BYTES || utf8ByteLength(raw) > MAX_WS_MESSAGE_BYTES) {
        return { ok: false, error: TOO_LARGE };
      }
      return { ok: true, value: raw };
    }
    let bytes: Uint8Array;
    if (raw instanceof ArrayBuffer) {
      if (raw.byteLength > MAX_WS_MESSAGE_BYTES) return { ok: false, error: TOO_LARGE };
      bytes = new Uint8Array(raw);
    } else if (isByteView(raw)) {
      if (raw.byteLength > MAX_WS_MESSAGE_BYTES) return { ok: false, error: TOO_LARGE };
      bytes = toBytes(raw);
    } else if (Array.isArray(raw) && raw.every(isByteView)) {
      const parts: ArrayBufferView[] = raw;
      const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
      if (total > MAX_WS_MESSAGE_BYTES) return { ok: false, error: TOO_LARGE };
      bytes = new Uint8Array(total);
      let offset = 0;
      for (const part of parts) {
        bytes.set(toBytes(part), offset);
        offset += part.byteLength;
      }
    } else {
      return { ok: false, error: 'expected a text or binary frame' };
    }
    // fatal: invalid UTF-8 is refused instead of being turned into replacement characters.
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, error: 'frame is not valid UTF-8' };
  }
}

/** A client → server frame as a typed message, or the reason it is not one. Never throws. */
export function parseClientMessage(raw: unknown): ParseResult<ClientMessage> {
  const text = frameToText(raw);
  return text.ok ? parseJsonText(clientMessageSchema, text.value) : text;
}

/** A server → client frame as a typed message, or the reason it is not one. Never throws. */
export function parseServerMessage(raw: unknown): ParseResult<ServerMessage> {
  const text = frameToText(raw);
  return text.ok ? parseJsonText(serverMessageSchema, text.value) : text;
}

/** The error reply to a bad client frame. */
export function wsErrorMessage(message: string): ErrorMessage {
  return { type: 'error', data: { message: message.slice(0, 2000) } };
}

/** The same delta without its row and version: the client then pulls, which is always correct. */
function withoutRow(message: ServerMessage): ServerMessage {
  switch (message.type) {
    case 'EXCURSION_UPDATE': {
      const { excursion: _row, version: _version, ...data } = message.data;
      return { type: message.type, data };
    }
    case 'TOUR_UPDATE': {
      const { tour: _row, version: _version, ...data } = message.data;
      return { type: message.type, data };
    }
    case 'USER_UPDATE': {
      const { user_data: _row, version: _version, ...data } = message.data;
      return { type: message.type, data };
    }
    case 'TICKET_UPDATE': {
      const { ticket: _row, version: _version, ...data } = message.data;
      return { type: message.type, data };
    }
    default:
      return message;
  }
}

/**
 * Serialises a server message so it fits MAX_WS_MESSAGE_BYTES: a delta whose row would make it too
 * large (a long excursion can exceed 64 KiB) goes without the row. Returns null for a message that
 * cannot fit even then (it would be a bug; the caller logs it and the next pull repairs the client).
 */
export function encodeServerMessage(message: ServerMessage): string | null {
  const text = JSON.stringify(message);
  if (utf8ByteLength(text) <= MAX_WS_MESSAGE_BYTES) return text;
  const slim = JSON.stringify(withoutRow(message));
  return utf8ByteLength(slim) <= MAX_WS_MESSAGE_BYTES ? slim : null;
}
