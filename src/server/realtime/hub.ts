import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from '../log';

// The live socket of SPEC §7 at /ws. Messages over 64 KB close the socket (ws enforces maxPayload).

const MAX_MESSAGE_BYTES = 64 * 1024;

export interface RealtimeHub {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Sends a message to every socket subscribed to `channel`. */
  broadcast(channel: string, data: unknown): void;
  close(): Promise<void>;
}

interface Client {
  socket: WebSocket;
  channels: Set<string>;
}

export function createRealtimeHub(log: Logger): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const clients = new Set<Client>();

  wss.on('connection', (socket) => {
    const client: Client = { socket, channels: new Set() };
    clients.add(client);
    socket.on('message', (raw) => {
      const message = parse(raw.toString());
      if (!message) {
        socket.send(JSON.stringify({ type: 'error', data: { message: 'Некорректное сообщение' } }));
        return;
      }
      client.channels = new Set(message.channels);
      socket.send(JSON.stringify({ type: 'subscribed', data: { channels: [...client.channels] } }));
    });
    socket.on('close', () => clients.delete(client));
    socket.on('error', (error) => log.debug('socket error', error));
  });

  return {
    handleUpgrade(request, socket, head) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    broadcast(channel, data) {
      const text = JSON.stringify({ type: channel, data });
      for (const client of clients) {
        if (client.channels.has(channel) && client.socket.readyState === client.socket.OPEN)
          client.socket.send(text);
      }
    },
    async close() {
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function parse(text: string): { channels: string[] } | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { type, channels } = value as { type?: unknown; channels?: unknown };
    if (type !== 'subscribe' || !Array.isArray(channels)) return null;
    if (!channels.every((channel) => typeof channel === 'string')) return null;
    return { channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE'].filter((c) => channels.includes(c)) };
  } catch {
    return null;
  }
}
