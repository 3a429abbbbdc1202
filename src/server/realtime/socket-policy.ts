import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

// What the socket hub (realtime/hub.ts) allows: its budgets and caps, the texts it closes or refuses
// with, and the Origin check of an upgrade.
//
// ASVS 4.4: a browser always sends Origin on a WebSocket upgrade, so a page of another site (which
// could ride on a user's cookies or cached credentials) is refused at the upgrade with a 403 unless its
// origin is this server's own (the Host it called) or a configured one (PUBLIC_URL). Clients that are
// not browsers send no Origin and are let in: they get personal channels only with a valid token.
//
// Each socket also has a message budget, a token bucket (MESSAGE_BURST messages at once, refilled at
// MESSAGES_PER_SECOND). The app sends one subscribe per connection, so only a broken or hostile client
// runs dry: it is closed with 1008 (policy violation) and its remaining frames are ignored, so one
// flooding socket cannot hold up the others.
//
// Open sockets are capped per client address (behind TRUSTED_PROXIES, the forwarded one) at the
// upgrade, answered 429 beyond it, and per user when a subscribe signs a socket in, closed with 1008
// beyond it; each count goes down when its socket closes. A ping every HEARTBEAT_MS ends sockets
// whose peer is gone without a close (a phone that lost its network), so they stop counting.

/** Messages a socket may send at once, and the steady rate after that. */
export const MESSAGE_BURST = 20;
export const MESSAGES_PER_SECOND = 10;
/** Close code for a socket over its message budget (RFC 6455: policy violation). */
export const RATE_LIMIT_CLOSE_CODE = 1008;
/** "Service restart" (RFC 6455 registry): the client reconnects, and pulls what it missed. */
export const MISSED_EVENTS_CLOSE_CODE = 1012;
/** How long a cut-off socket keeps its connection so the close frame can reach the client. */
export const CUT_OFF_GRACE_MS = 500;
/**
 * Open sockets per client address. Generous: a hotel's Wi-Fi or a carrier's NAT puts many phones
 * behind one address, and each phone's app keeps one socket (its leading tab's); the cap is there to
 * stop one host from holding thousands.
 */
export const MAX_SOCKETS_PER_ADDRESS = 50;
/** Signed-in sockets per user: one per browser or phone the user is logged in on at once. */
export const MAX_SOCKETS_PER_USER = 10;
/** Close code for a socket over its user's cap (RFC 6455: policy violation). */
export const SOCKET_LIMIT_CLOSE_CODE = 1008;
/** How often every socket is pinged; one that has not answered the previous ping is ended. */
export const HEARTBEAT_MS = 30_000;

export const HUB_TEXTS = {
  invalidToken: 'Недействительный токен: личные каналы недоступны',
  otherUser: 'userId не совпадает с владельцем токена',
  badOrigin: 'Подключение с чужого сайта запрещено',
  // A close reason is at most 123 bytes of UTF-8.
  tooMany: 'Слишком много сообщений',
  missed: 'Переподключитесь: часть обновлений могла потеряться',
  tooManyFromAddress: 'Слишком много подключений с этого адреса',
  tooManyForUser: 'Слишком много подключений к этому аккаунту',
  revoked: 'Сеанс завершён: личные каналы недоступны',
} as const;

/**
 * Whether an upgrade may proceed: no Origin (not a browser), the server's own origin (the host the
 * page called, over http or https), or one of `allowed`. 'null' and unparsable origins are refused.
 */
export function originAllowed(request: IncomingMessage, allowed: readonly string[] = []): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = request.headers.host?.toLowerCase();
  if (host !== undefined && url.host.toLowerCase() === host) return true;
  return allowed.some((entry) => {
    try {
      return new URL(entry).origin === url.origin;
    } catch {
      return false;
    }
  });
}

export function refuseUpgrade(socket: Duplex, status: string, detail: string): void {
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
