import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  isPersonalChannel,
  MAX_WS_MESSAGE_BYTES,
  type Channel,
  type ServerMessage,
} from '../../protocol/realtime';
import { encodeServerMessage, parseClientMessage, wsErrorMessage } from '../../protocol/realtime-codec';
import { requestClientIp } from '../client-address';
import type { Logger } from '../log';
import type { AddressList } from '../payments/addresses';
import type { TokenService } from '../services/tokens';
import type { Db } from '../storage/db';
import { findPrincipal } from '../storage/users';
import type { EventBus, ServerEvent, TokensRevokedEvent } from './events';
import {
  CUT_OFF_GRACE_MS,
  HEARTBEAT_MS,
  HUB_TEXTS,
  MAX_SOCKETS_PER_ADDRESS,
  MAX_SOCKETS_PER_USER,
  MESSAGE_BURST,
  MESSAGES_PER_SECOND,
  MISSED_EVENTS_CLOSE_CODE,
  originAllowed,
  RATE_LIMIT_CLOSE_CODE,
  refuseUpgrade,
  SOCKET_LIMIT_CLOSE_CODE,
} from './socket-policy';

// The live socket of SPEC §7 at /ws. A socket subscribes to channels; personal channels are bound to
// the user in the verified token, never to the userId the client claims. ws closes a socket whose
// message exceeds 64 KB (maxPayload) with code 1009.
//
// Its budgets, caps and Origin check are in socket-policy.ts.
//
// When a token is revoked (a logout on one device, a logout everywhere: a TOKENS_REVOKED event, from
// any process through the event bus), the sockets signed in with it lose their personal channels.

export interface RealtimeHub {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open sockets (for tests and the health of the process). */
  readonly size: number;
  close(): Promise<void>;
}

interface Client {
  socket: WebSocket;
  channels: Set<Channel>;
  /** The verified owner of the personal channels, or null. */
  userId: number | null;
  /** The token that signed the socket in (with userId): its id and version, for revocations. */
  token: { jti: string; tokenVersion: number } | null;
  /** Answered the last heartbeat ping. */
  alive: boolean;
  /** Messages left in the bucket, and when it was last refilled. */
  budget: number;
  refilledAt: number;
  /** Closed for flooding: anything still arriving is dropped. */
  cutOff: boolean;
}

export interface HubDeps {
  db: Db;
  tokens: TokenService;
  events: EventBus;
  log: Logger;
  /** Origins allowed besides the server's own (e.g. PUBLIC_URL's), as `scheme://host[:port]`. */
  allowedOrigins?: readonly string[];
  /** Milliseconds, for the message budget; Date.now by default. */
  clock?: () => number;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES), for the per-address cap. */
  trustedProxies?: AddressList | null;
}

export function createRealtimeHub({
  db,
  tokens,
  events,
  log,
  allowedOrigins = [],
  clock = Date.now,
  trustedProxies = null,
}: HubDeps): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_MESSAGE_BYTES });
  const clients = new Set<Client>();
  const perAddress = new Map<string, number>();
  const perUser = new Map<number, number>();
  // Grows with every revocation heard: a subscribe whose token check overlapped one checks again.
  let revocations = 0;

  const count = <K>(counts: Map<K, number>, key: K, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  /** Signs the socket in as `userId` (or out, with null), keeping the per-user counts. */
  const setUser = (client: Client, userId: number | null, token: Client['token']) => {
    if (client.userId !== null) count(perUser, client.userId, -1);
    if (userId !== null) count(perUser, userId, 1);
    client.userId = userId;
    client.token = userId === null ? null : token;
  };

  const send = (client: Client, message: ServerMessage) => {
    const text = encodeServerMessage(message);
    if (text && client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  };

  const subscribe = async (client: Client, channels: Channel[], claimedUserId?: number, token?: string) => {
    const personal = channels.filter(isPersonalChannel);
    let userId: number | null = null;
    let signedIn: Client['token'] = null;
    if (personal.length > 0) {
      let claims = null;
      let principal = null;
      // A revocation heard while the token was being checked may have missed this socket (it was
      // not signed in yet) and the check may predate it: then the check runs again.
      for (let tries = 0; tries < 5; tries++) {
        const heard = revocations;
        claims = token ? await tokens.verify(token) : null;
        principal = claims ? await findPrincipal(db, claims.userId, claims.jti) : null;
        if (heard === revocations) break;
        principal = null;
      }
      if (!claims || !principal || principal.tokenVersion !== claims.tokenVersion) {
        send(client, wsErrorMessage(HUB_TEXTS.invalidToken));
      } else if (claimedUserId !== undefined && claimedUserId !== principal.id) {
        send(client, wsErrorMessage(HUB_TEXTS.otherUser));
      } else {
        userId = principal.id;
        signedIn = { jti: claims.jti, tokenVersion: claims.tokenVersion };
      }
    }
    // A socket cut off for flooding while its token was checked stays without channels.
    if (client.cutOff) return;
    if (userId !== null && userId !== client.userId && (perUser.get(userId) ?? 0) >= MAX_SOCKETS_PER_USER) {
      cutOff(client, SOCKET_LIMIT_CLOSE_CODE, HUB_TEXTS.tooManyForUser);
      log.debug(`socket refused: user ${userId} has ${MAX_SOCKETS_PER_USER} open`);
      return;
    }
    setUser(client, userId, signedIn);
    client.channels = new Set(channels.filter((channel) => !isPersonalChannel(channel) || userId !== null));
    send(client, { type: 'subscribed', data: { channels: [...client.channels], user_id: userId } });
  };

  /** Takes one message from the client's bucket; false once it is empty. */
  const spend = (client: Client): boolean => {
    const now = clock();
    const refill = ((now - client.refilledAt) / 1000) * MESSAGES_PER_SECOND;
    client.budget = Math.min(MESSAGE_BURST, client.budget + refill);
    client.refilledAt = now;
    if (client.budget < 1) return false;
    client.budget -= 1;
    return true;
  };

  /** Closes the socket with `code`, ignoring whatever it still sends. */
  const cutOff = (client: Client, code: number, reason: string) => {
    const { socket } = client;
    client.cutOff = true;
    client.channels.clear();
    setUser(client, null, null);
    socket.close(code, reason);
    // Stop reading at once: the frames it already sent would otherwise still be decoded until
    // its close reply. The close frame has gone out; the connection is dropped shortly after.
    socket.pause();
    setTimeout(() => socket.terminate(), CUT_OFF_GRACE_MS).unref();
  };

  wss.on('connection', (socket) => {
    const client: Client = {
      socket,
      channels: new Set(),
      userId: null,
      token: null,
      alive: true,
      budget: MESSAGE_BURST,
      refilledAt: clock(),
      cutOff: false,
    };
    clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (raw) => {
      if (client.cutOff) return;
      if (!spend(client)) {
        log.debug('socket over its message budget: closed');
        cutOff(client, RATE_LIMIT_CLOSE_CODE, HUB_TEXTS.tooMany);
        return;
      }
      const parsed = parseClientMessage(raw);
      if (!parsed.ok) {
        send(client, wsErrorMessage(parsed.error));
        return;
      }
      const message = parsed.value;
      if (message.type === 'ping') {
        send(client, { type: 'pong', data: {} });
        return;
      }
      subscribe(client, message.channels, message.userId, message.token).catch((error: unknown) => {
        log.error('socket subscribe failed', error);
        send(client, wsErrorMessage('Ошибка подписки'));
      });
    });
    socket.on('close', () => {
      clients.delete(client);
      setUser(client, null, null);
    });
    socket.on('error', (error) => log.debug('socket error', error));
  });

  // An event is encoded once, and only when some socket wants it: under a load of bookings most
  // events have no listener in this process.
  const deliver = (event: ServerEvent) => {
    if (event.channel === 'TOKENS_REVOKED') {
      revoke(event);
      return;
    }
    const owner = 'userId' in event ? event.userId : null;
    let text: string | null | undefined;
    for (const client of clients) {
      if (!client.channels.has(event.channel)) continue;
      if (owner !== null && client.userId !== owner) continue;
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (text === undefined) {
        text = encodeServerMessage({ type: event.channel, data: event.data } as ServerMessage);
        if (!text) log.error(`delta too large to send: ${event.channel}`);
      }
      if (!text) return;
      client.socket.send(text);
    }
  };
  // The user's sockets signed in with a revoked token keep their public channels only, and are told.
  const revoke = ({ userId, data: { jti, belowVersion } }: TokensRevokedEvent) => {
    revocations += 1;
    for (const client of clients) {
      const token = client.token;
      if (client.userId !== userId || !token) continue;
      const voided =
        (jti !== undefined && token.jti === jti) ||
        (belowVersion !== undefined && token.tokenVersion < belowVersion);
      if (!voided) continue;
      setUser(client, null, null);
      client.channels = new Set([...client.channels].filter((channel) => !isPersonalChannel(channel)));
      send(client, wsErrorMessage(HUB_TEXTS.revoked));
      send(client, { type: 'subscribed', data: { channels: [...client.channels], user_id: null } });
    }
  };
  const unsubscribe = events.subscribe(deliver);
  // Events may have been lost on their way to this process: its sockets are closed as for a
  // restart, and a client pulls when it reconnects (SPEC §7), so what they missed reaches them.
  const stopGaps = events.onGap(() => {
    if (clients.size > 0) log.info(`events may have been missed: ${clients.size} sockets asked to reconnect`);
    for (const client of clients) client.socket.close(MISSED_EVENTS_CLOSE_CODE, HUB_TEXTS.missed);
  });

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      if (client.socket.readyState === client.socket.OPEN) client.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    handleUpgrade(request, socket, head) {
      if (!originAllowed(request, allowedOrigins)) {
        refuseUpgrade(socket, '403 Forbidden', HUB_TEXTS.badOrigin);
        return;
      }
      const address = requestClientIp(request, trustedProxies);
      if ((perAddress.get(address) ?? 0) >= MAX_SOCKETS_PER_ADDRESS) {
        log.debug(`socket refused: ${address} has ${MAX_SOCKETS_PER_ADDRESS} open`);
        refuseUpgrade(socket, '429 Too Many Requests', HUB_TEXTS.tooManyFromAddress);
        return;
      }
      // Counted from the upgrade until the connection closes, whether or not the handshake succeeds.
      count(perAddress, address, 1);
      socket.once('close', () => count(perAddress, address, -1));
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    get size() {
      return clients.size;
    },
    async close() {
      clearInterval(heartbeat);
      unsubscribe();
      stopGaps();
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
