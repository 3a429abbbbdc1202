import { createHash } from 'node:crypto';
import { mkdir, realpath, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// PGlite is PostgreSQL in this process's memory over files on disk, with nothing that keeps a second
// process out: two processes that open one data folder each run their own PostgreSQL on the same
// files, neither sees the other's writes, and rows one of them commits are silently lost when the
// other writes its pages back. So whoever opens DATA_DIR/pgdata (the server, `npm run admin`,
// `npm run backup`, `npm run restore`) first holds this lock.
//
// The lock is a listening Unix socket in the data folder. The kernel closes it when its process ends,
// however it ends, so a crash never leaves a lock that blocks the next start (a pid file would: in a
// container the next process often has the same pid). A socket file that nobody answers on is what a
// dead process left, and is taken over. Several containers that mount the same folder see each
// other's socket, as they share one kernel.

/** Thrown when another live process holds the data folder. */
export class PgliteLockHeld extends Error {
  constructor(readonly dataDir: string) {
    super(`the PGlite database in ${dataDir} is open in another process (the server?); stop it first`);
    this.name = 'PgliteLockHeld';
  }
}

export interface PgliteLock {
  readonly path: string;
  /** Gives the lock up; safe to call twice. */
  release(): Promise<void>;
}

/** The longest socket path every platform accepts (sun_path is 104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 100;

/**
 * Where the lock of `dataDir` lives: `pglite.lock` in it, or, when that path is too long for a socket,
 * a name in the temporary folder made from the data folder's real path.
 */
export async function pgliteLockPath(dataDir: string): Promise<string> {
  const inside = join(resolve(dataDir), 'pglite.lock');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const real = await realpath(dataDir).catch(() => resolve(dataDir));
  const digest = createHash('sha256').update(real).digest('hex').slice(0, 24);
  return join(tmpdir(), `krym-pglite-${digest}.lock`);
}

function listen(path: string): Promise<Server> {
  return new Promise((done, fail) => {
    // Whoever connects only learns that the lock is held.
    const server = createServer((socket) => socket.destroy());
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      // The lock never keeps a process alive by itself.
      server.unref();
      done(server);
    });
  });
}

/** Whether a live process listens on the socket file at `path`. */
function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Whether some live process holds the lock of `dataDir` now. */
export async function pgliteLockHeld(dataDir: string): Promise<boolean> {
  return answers(await pgliteLockPath(dataDir));
}

/**
 * Takes the lock of `dataDir` (created if missing) for this process, or throws PgliteLockHeld when a
 * live process holds it.
 */
export async function holdPgliteLock(dataDir: string): Promise<PgliteLock> {
  await mkdir(dataDir, { recursive: true });
  const path = await pgliteLockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const server = await listen(path);
      let released: Promise<void> | undefined;
      return {
        path,
        // Closing the server also removes its socket file.
        release: () => (released ??= new Promise<void>((done) => server.close(() => done()))),
      };
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
    if (await answers(path)) throw new PgliteLockHeld(resolve(dataDir));
    // Left by a process that ended without closing it.
    await rm(path, { force: true });
  }
  throw new PgliteLockHeld(resolve(dataDir));
}
