import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { parseAddressList, type AddressList } from './payments/addresses';

// The client's address, for the per-address rate limits, the socket caps and the payment webhook's
// allow-list. X-Forwarded-For is believed only when the socket peer is a trusted proxy
// (TRUSTED_PROXIES): anyone else can write that header, and trusting it would let a client pick a
// fresh rate-limit bucket per request or pass for the payment provider.

/** The trusted proxies of a configuration, or null when there are none (the peer is the client). */
export function trustedProxyList(ranges: readonly string[] | undefined): AddressList | null {
  return ranges && ranges.length > 0 ? parseAddressList(ranges) : null;
}

/** A v4 client on a dual-stack socket shows as ::ffff:a.b.c.d; one bucket per client either way. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** The client address of a raw request (a WebSocket upgrade, which never reaches Hono). */
export function requestClientIp(incoming: IncomingMessage, trusted: AddressList | null): string {
  const forwarded = incoming.headers['x-forwarded-for'];
  return addressOf(
    incoming.socket.remoteAddress,
    Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
    trusted,
  );
}

/**
 * The peer address, or, when the peer is a trusted proxy, the nearest address in X-Forwarded-For
 * that is not itself a trusted proxy (read from the right: the hops a proxy appended are the only
 * ones it vouches for; whatever the client wrote stands to their left). A malformed hop ends the
 * walk at the last address a trusted proxy gave.
 */
export function addressOf(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: AddressList | null,
): string {
  if (!peer) return 'unknown';
  let client = plain(peer);
  if (!trusted?.allows(client)) return client;
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plain(hops[i] as string);
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trusted.allows(hop)) break;
  }
  return client;
}
