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
import type { Logger } from '../log';
import type { TokenService } from '../services/tokens';
import type { Db } from '../storage/db';
import { findPrincipal } from '../storage/users';
import type { EventBus, ServerEvent } from './events';

// The live socket of SPEC §7 at /ws. A socket subscribes to channels; personal channels are bound to
// the user in the verified token, never to the userId the client claims. ws closes a socket whose
// message exceeds 64 KB (maxPayload) with code 1009.

export const HUB_TEXTS = {
  invalidToken: 'Недействительный токен: личные каналы недоступны',
  otherUser: 'userId не совпадает с владельцем токена',
} as const;

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
}

export interface HubDeps {
  db: Db;
  tokens: TokenService;
  events: EventBus;
  log: Logger;
}

export function createRealtimeHub({ db, tokens, events, log }: HubDeps): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_MESSAGE_BYTES });
  const clients = new Set<Client>();

  const send = (client: Client, message: ServerMessage) => {
    const text = encodeServerMessage(message);
    if (text && client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  };

  const subscribe = async (client: Client, channels: Channel[], claimedUserId?: number, token?: string) => {
    const personal = channels.filter(isPersonalChannel);
    let userId: number | null = null;
    if (personal.length > 0) {
      const claims = token ? await tokens.verify(token) : null;
      const principal = claims ? await findPrincipal(db, claims.userId) : null;
      if (!claims || !principal || principal.tokenVersion !== claims.tokenVersion) {
        send(client, wsErrorMessage(HUB_TEXTS.invalidToken));
      } else if (claimedUserId !== undefined && claimedUserId !== principal.id) {
        send(client, wsErrorMessage(HUB_TEXTS.otherUser));
      } else {
        userId = principal.id;
      }
    }
    client.userId = userId;
    client.channels = new Set(channels.filter((channel) => !isPersonalChannel(channel) || userId !== null));
    send(client, { type: 'subscribed', data: { channels: [...client.channels], user_id: userId } });
  };

  wss.on('connection', (socket) => {
    const client: Client = { socket, channels: new Set(), userId: null };
    clients.add(client);
    socket.on('message', (raw) => {
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
    socket.on('close', () => clients.delete(client));
    socket.on('error', (error) => log.debug('socket error', error));
  });

  const deliver = (event: ServerEvent) => {
    const message = { type: event.channel, data: event.data } as ServerMessage;
    const text = encodeServerMessage(message);
    if (!text) {
      log.error(`delta too large to send: ${event.channel}`);
      return;
    }
    const owner = 'userId' in event ? event.userId : null;
    for (const client of clients) {
      if (!client.channels.has(event.channel)) continue;
      if (owner !== null && client.userId !== owner) continue;
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
    }
  };
  const unsubscribe = events.subscribe(deliver);

  return {
    handleUpgrade(request, socket, head) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    get size() {
      return clients.size;
    },
    async close() {
      unsubscribe();
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
