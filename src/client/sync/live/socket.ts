import '../../zod-config';
import type { Channel, ServerMessage } from '../../../protocol/realtime';
import { parseServerMessage } from '../../../protocol/realtime-codec';
import type { Change } from '../../../protocol/sync';

// The live socket of SPEC §7: subscribe on open, at most 5 reconnect attempts 1 s × attempt apart,
// the counter reset by a successful connection. Deltas that carry their row and version become
// replica changes; the others (and every reconnect, since deltas may have been missed) ask for a pull.

export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_STEP_MS = 1000;

export type SocketState = 'idle' | 'connecting' | 'open' | 'closed' | 'failed';

export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export interface LiveOptions {
  url: string;
  connect: WebSocketFactory;
  /** Read at each (re)connection, so a login or logout takes effect on the next subscribe. */
  session: () => { token: string | null; userId: number | null };
  onChanges: (changes: Change[]) => void;
  onNeedPull: () => void;
  onState: (state: SocketState) => void;
  onMessage?: (text: string) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface LiveSocket {
  start(): void;
  /** Reconnect now (network back, app focused, new session), resetting the attempt counter. */
  restart(): void;
  stop(): void;
  readonly state: SocketState;
}

export function createLiveSocket(options: LiveOptions): LiveSocket {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let socket: WebSocketLike | null = null;
  let attempts = 0;
  let timer: unknown = null;
  let stopped = true;
  let state: SocketState = 'idle';

  const setState = (next: SocketState) => {
    state = next;
    options.onState(next);
  };

  const open = () => {
    timer = null;
    if (stopped) return;
    setState('connecting');
    let ws: WebSocketLike;
    try {
      ws = options.connect(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempts = 0;
      setState('open');
      const { token, userId } = options.session();
      const channels: Channel[] = token
        ? ['EXCURSION_UPDATE', 'TOUR_UPDATE', 'USER_UPDATE', 'TICKET_UPDATE']
        : ['EXCURSION_UPDATE', 'TOUR_UPDATE'];
      ws.send(
        JSON.stringify({ type: 'subscribe', channels, userId: userId ?? '', ...(token ? { token } : {}) }),
      );
      // Anything that happened while the socket was down is only in the pull.
      options.onNeedPull();
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      if (typeof event.data === 'string') options.onMessage?.(event.data);
      const parsed = parseServerMessage(event.data);
      if (!parsed.ok) return;
      handle(parsed.value);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (!stopped) scheduleReconnect();
    };
    ws.onerror = () => undefined;
  };

  const scheduleReconnect = () => {
    if (attempts >= MAX_RECONNECT_ATTEMPTS) {
      setState('failed');
      return;
    }
    attempts += 1;
    setState('closed');
    timer = setTimer(open, RECONNECT_STEP_MS * attempts);
  };

  const handle = (message: ServerMessage) => {
    const changes = toChanges(message);
    if (changes === 'pull') options.onNeedPull();
    else if (changes.length > 0) options.onChanges(changes);
  };

  const teardown = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    const ws = socket;
    socket = null;
    if (ws) ws.close();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      attempts = 0;
      open();
    },
    restart() {
      teardown();
      stopped = false;
      attempts = 0;
      open();
    },
    stop() {
      stopped = true;
      teardown();
      setState('idle');
    },
    get state() {
      return state;
    },
  };
}

/** The replica changes a server message carries, 'pull' when it only says "something changed". */
export function toChanges(message: ServerMessage): Change[] | 'pull' {
  switch (message.type) {
    case 'EXCURSION_UPDATE': {
      const { excursion, version, action, excursion_id } = message.data;
      if (excursion && version !== undefined)
        return [{ collection: 'excursions', op: 'put', version, row: excursion }];
      if (action === 'delete' && version !== undefined) {
        return [{ collection: 'excursions', op: 'delete', version, id: excursion_id }];
      }
      return 'pull';
    }
    case 'TOUR_UPDATE': {
      const { tour, version, action, tour_id } = message.data;
      if (tour && version !== undefined) return [{ collection: 'tours', op: 'put', version, row: tour }];
      if (action === 'delete' && version !== undefined)
        return [{ collection: 'tours', op: 'delete', version, id: tour_id }];
      return 'pull';
    }
    case 'USER_UPDATE': {
      const data = message.data;
      if (data.version === undefined) return 'pull';
      if (data.user_data)
        return [{ collection: 'user', op: 'put', version: data.version, row: data.user_data }];
      if (data.action === 'favorite_added') {
        return [
          {
            collection: 'favorites',
            op: 'put',
            version: data.version,
            row: { excursionID: data.excursion_id },
          },
        ];
      }
      if (data.action === 'favorite_removed') {
        return [{ collection: 'favorites', op: 'delete', version: data.version, id: data.excursion_id }];
      }
      return 'pull';
    }
    case 'TICKET_UPDATE': {
      const { ticket, version } = message.data;
      if (ticket && version !== undefined)
        return [{ collection: 'tickets', op: 'put', version, row: ticket }];
      return 'pull';
    }
    default:
      return [];
  }
}
