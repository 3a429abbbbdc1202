import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/main';
import { MESSAGES_PER_SECOND } from '../../src/server/realtime/socket-policy';
import { DEMO } from '../support/api';
import { ROOT } from '../support/process';
import { openSocket, type TestSocket } from '../support/socket';
import { median } from './stats';

// One client's ping→pong round trips while four other sockets flood the server (garbage, pings,
// token subscribes, 60 KB frames) from another process, so the flood costs the server and not the
// event loop that measures. A slow answer here is a socket queued behind another one's frames.

export interface SocketFloodResult {
  roundTrips: number;
  medianMs: number;
  maxMs: number;
}

async function roundTrip(socket: TestSocket): Promise<void> {
  const before = socket.messages.filter((m) => m.type === 'pong').length;
  socket.send({ type: 'ping' });
  await socket.next(() => socket.messages.filter((m) => m.type === 'pong').length > before);
}

export async function benchSocketFlood(): Promise<SocketFloodResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'krym-bench-flood-'));
  const server = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' }),
  );
  try {
    const sign = (userId: number) => server.tokens.sign({ userId, tokenVersion: 0 });
    const ws = `${server.url.replace(/^http/, 'ws')}/ws`;
    const victim = await openSocket(server.url);
    victim.send({ type: 'subscribe', channels: ['USER_UPDATE'], token: await sign(DEMO.tourist) });
    await victim.next((m) => m.type === 'subscribed');

    const flooder = spawn(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'tests/reliability/fuzz/flood.ts'), ws, await sign(DEMO.seller)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    let done = false;
    const finished = new Promise<void>((resolve) => flooder.on('exit', () => resolve()));
    void finished.then(() => (done = true));
    while (server.hub.size < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    // For as long as the flood lasts (and at least 20), paced inside the victim's own message budget.
    const rtts: number[] = [];
    while (!done || rtts.length < 20) {
      const started = performance.now();
      await roundTrip(victim);
      rtts.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 1000 / (MESSAGES_PER_SECOND / 2)));
    }
    await finished;
    victim.close();
    return { roundTrips: rtts.length, medianMs: median(rtts), maxMs: Math.max(...rtts) };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
