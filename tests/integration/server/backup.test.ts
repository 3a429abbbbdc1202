import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion, Tour } from '../../../src/domain/types';
import { loadConfig } from '../../../src/server/config';
import { startServer, type RunningServer } from '../../../src/server/main';
import { holdPgliteLock, pgliteLockHeld } from '../../../src/server/ops/pglite-lock';
import { OPS_TEXTS, RESTORE_TEXTS } from '../../../src/server/ops/strings';
import { book, bookingBody, newBuyers, payWithCard, tourWithRoom } from '../../support/booking';
import { photoJpeg } from '../../support/media-fixtures';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from '../../support/postgres';
import { ROOT } from '../../support/process';
import { ENGINES, startTestServer, type Engine, type TestServer } from '../../support/server';

// `npm run backup` and `npm run restore` run as the operator runs them (the real scripts, in child
// processes). A server's demo data, a paid booking and an uploaded picture go into one archive, come
// back into an empty data folder (PGlite) or an empty database (PostgreSQL) with an empty media
// folder, and a server started there shows the same excursions, tickets and picture bytes. A restore
// into a target that holds data changes nothing.

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(script: 'backup' | 'restore', env: Record<string, string>, args: string[]) {
  return new Promise<ScriptRun>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'error', MEDIA_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/** Every file under `dir` with its size and modification time: what "nothing changed" compares. */
async function snapshot(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const info = await stat(join(dir, entry));
      return `${entry} ${info.isFile() ? info.size : 'dir'} ${info.mtimeMs}`;
    }),
  );
  return lines.sort();
}

/** What a person sees of the data through the API. */
async function visible(url: string, buyer: { id: number; token: string }, picture: string) {
  const get = (path: string, token?: string) =>
    fetch(`${url}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const { excursions } = (await (await get('/api/excursions')).json()) as { excursions: Excursion[] };
  const { tours } = (await (await get('/api/tours')).json()) as { tours: Tour[] };
  const tickets = (await get(`/api/users/${buyer.id}/tickets`, buyer.token)).json() as Promise<{
    tickets: { _id: string; status: string; seats: number[]; tourID: string }[];
  }>;
  const image = await get(`/api/images/${picture}`);
  return {
    excursions: excursions.map((e) => [e._id, e.title, e.images]).sort(),
    tours: tours.map((t) => [t._id, t.excursionID, t.date, t.time]).sort(),
    tickets: (await tickets).tickets.map((t) => [t._id, t.status, t.seats, t.tourID]),
    image: { status: image.status, bytes: Buffer.from(await image.arrayBuffer()).toString('base64') },
  };
}

/** Pulls as a phone's first sync does, page after page, to the cursor of the changes stage. */
async function syncedCursor(url: string): Promise<string> {
  let cursor: string | undefined;
  for (;;) {
    const query = cursor ? `?limit=2000&cursor=${encodeURIComponent(cursor)}` : '?limit=2000';
    const response = await fetch(`${url}/api/sync${query}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { cursor: string; more: boolean };
    cursor = page.cursor;
    if (!page.more) return cursor;
  }
}

async function upload(url: string, token: string): Promise<string> {
  const form = new FormData();
  const photo = new Uint8Array(await photoJpeg(320, 240));
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'face.jpg');
  const response = await fetch(`${url}/api/uploadfile/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { filename: string }).filename;
}

describe.each(ENGINES)('backup and restore on %s', (engine: Engine) => {
  let source: TestServer;
  let buyer: { id: number; token: string };
  let picture: string;
  let before: Awaited<ReturnType<typeof visible>>;
  let archive: string;
  /** A phone's sync position on the source, taken before the backup. */
  let phoneCursor: string;
  const cleanUp: (() => Promise<void>)[] = [];

  const sourceEnv = () => ({ DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl ?? '' });

  beforeAll(async () => {
    source = await startTestServer(engine);
    cleanUp.push(() => source.destroy());
    [buyer] = (await newBuyers(source, 1)) as [{ id: number; token: string }];
    const { excursion, tour } = await tourWithRoom(source, 'coach', 2);
    const booked = await book(
      source,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 2, seats: tour.emptySeats.slice(0, 2) }),
    );
    expect(booked).toMatchObject({ status: 200 });
    expect((await payWithCard(source, booked.body.confirmationid as string)).status).toBe(200);
    picture = await upload(source.url, buyer.token);
    before = await visible(source.url, buyer, picture);
    phoneCursor = await syncedCursor(source.url);
    expect(before.tickets).toHaveLength(1);
    expect(before.image.status).toBe(200);
    // PGlite's folder is one process's: the server stops for the backup. PostgreSQL's runs on.
    if (engine === 'pglite') await source.close();

    const backup = await runScript('backup', sourceEnv(), []);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    archive = /: (\/\S+\.tar) /.exec(backup.stdout)?.[1] as string;
    expect(archive.startsWith(join(source.dataDir, 'backups'))).toBe(true);
    expect(existsSync(archive)).toBe(true);
  });
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step().catch(() => undefined);
  });

  it('brings the excursions, the tickets and the picture back into an empty target', async () => {
    const target = await mkdtemp(join(tmpdir(), 'krym-restore-'));
    cleanUp.push(() => rm(target, { recursive: true, force: true }));
    let database: TempDatabase | undefined;
    if (engine === 'postgres' && TEST_DATABASE_URL) {
      database = await createTempDatabase(TEST_DATABASE_URL);
      cleanUp.push(() => (database as TempDatabase).drop());
    }
    const targetEnv = { DATA_DIR: target, DATABASE_URL: database?.url ?? '' };

    const restored = await runScript('restore', targetEnv, [archive]);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain(archive);

    // DEMO_DATA=off: whatever the server shows came from the archive, not from a fresh demo.
    let server: RunningServer | undefined;
    try {
      server = await startServer(
        loadConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'error',
          DEMO_DATA: 'off',
          ...targetEnv,
        }),
      );
      // The buyer's token still works: the signing secret came back with the data.
      expect(await visible(server.url, buyer, picture)).toEqual(before);
      // A phone synced on the lost database starts over instead of asking for "changes after" a
      // position the restored database hands out anew; a phone that syncs now goes on from its cursor.
      const stale = await fetch(`${server.url}/api/sync?cursor=${encodeURIComponent(phoneCursor)}`);
      expect(stale.status).toBe(410);
      expect(await stale.json()).toMatchObject({ reset: true });
      const fresh = await syncedCursor(server.url);
      expect((await fetch(`${server.url}/api/sync?cursor=${encodeURIComponent(fresh)}`)).status).toBe(200);
    } finally {
      await server?.close();
    }
  });

  it('refuses a target that holds data, or one of the other engine, and changes nothing', async () => {
    const mediaBefore = await snapshot(join(source.dataDir, 'media'));
    const pgdataBefore = engine === 'pglite' ? await snapshot(join(source.dataDir, 'pgdata')) : [];

    const busy = await runScript('restore', sourceEnv(), [archive]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toBe(
      engine === 'pglite' ? RESTORE_TEXTS.dataFolderBusy(source.dataDir) : RESTORE_TEXTS.databaseBusy,
    );

    // The other engine is refused before the target is even looked at.
    const elsewhere = await mkdtemp(join(tmpdir(), 'krym-restore-'));
    cleanUp.push(() => rm(elsewhere, { recursive: true, force: true }));
    const other = await runScript(
      'restore',
      {
        DATA_DIR: elsewhere,
        DATABASE_URL: engine === 'pglite' ? 'postgres://nobody@127.0.0.1:1/nothing' : '',
      },
      [archive],
    );
    expect(other.code).toBe(1);
    expect(other.stderr).toBe(
      RESTORE_TEXTS.engineMismatch(engine, engine === 'pglite' ? 'postgres' : 'pglite'),
    );
    expect(await readdir(elsewhere)).toEqual([]);

    expect(await snapshot(join(source.dataDir, 'media'))).toEqual(mediaBefore);
    if (engine === 'pglite') expect(await snapshot(join(source.dataDir, 'pgdata'))).toEqual(pgdataBefore);
    // The source still serves what it held (on PGlite, once started again).
    const running = engine === 'pglite' ? await source.restart() : source;
    if (running !== source) cleanUp.push(() => running.close());
    expect(await visible(running.url, buyer, picture)).toEqual(before);

    if (engine === 'pglite') {
      // A running server holds its PGlite folder, and a backup then would read a database that
      // another process is writing: refused, with what to do.
      if (!(await pgliteLockHeld(source.dataDir))) {
        const standIn = await holdPgliteLock(source.dataDir);
        cleanUp.push(() => standIn.release());
      }
      const refused = await runScript('backup', sourceEnv(), ['--out', join(source.dataDir, 'hot.tar')]);
      expect(refused).toMatchObject({ code: 1, stdout: '', stderr: OPS_TEXTS.serverRunning(source.dataDir) });
      expect(existsSync(join(source.dataDir, 'hot.tar'))).toBe(false);
    }
  });
});
