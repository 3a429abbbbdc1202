import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { addressOf } from '../client-address';
import type { AddressList } from '../payments/addresses';

// The client's address as a route sees it; the rules for believing X-Forwarded-For are in
// ../client-address.ts, shared with the socket's upgrade.

export { requestClientIp, trustedProxyList } from '../client-address';

/** The client's address: the peer's, or the one a trusted proxy forwarded (see addressOf). */
export function clientIp(c: Context, trusted: AddressList | null): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return addressOf(incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), trusted);
}
