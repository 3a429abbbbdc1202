import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { crimeaToday } from '../../src/domain/dates';
import { dropDatabase, TEST_DATABASE_URL } from './postgres';
import { startTestServer, type ServerTemplates } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database per engine migrated and seeded with the demo once, copied by each test server. */
    serverTemplates?: ServerTemplates;
  }
}

// Global setup of the server projects: migrating a fresh database and seeding the demo catalogue cost
// a test server most of its start; done once here per engine, every test server that would seed the
// same day's demo the same way starts on a copy instead (support/server.ts says when).
//
// Every server project names this file, and vitest calls its setup once per project in one process,
// each time on a fresh copy of this module: the first call makes the templates (both engines side by
// side) and keeps them on the process's global object, where the other calls find them; the last
// teardown removes them.

interface Made {
  templates: ServerTemplates;
  remove(): Promise<void>;
}

interface Shared {
  made?: Promise<Made>;
  users: number;
}

const SHARED = Symbol.for('krym.serverTemplates');
const shared: Shared = ((globalThis as Record<symbol, Shared | undefined>)[SHARED] ??= { users: 0 });

async function makeTemplates(): Promise<Made> {
  const day = crimeaToday(new Date());
  const [pglite, postgres] = await Promise.all([
    startTestServer('pglite', { template: false }),
    TEST_DATABASE_URL ? startTestServer('postgres', { template: false }) : undefined,
  ]);
  await Promise.all([pglite.close(), postgres?.close()]);
  const database = postgres?.databaseUrl ? new URL(postgres.databaseUrl).pathname.slice(1) : undefined;
  return {
    templates: {
      day,
      pglite: pglite.dataDir,
      ...(postgres && database ? { postgres: { dataDir: postgres.dataDir, database } } : {}),
    },
    async remove() {
      for (const server of [pglite, postgres])
        if (server) await rm(server.dataDir, { recursive: true, force: true });
      if (TEST_DATABASE_URL && database) await dropDatabase(TEST_DATABASE_URL, database);
    },
  };
}

export default async function setup(project: TestProject) {
  shared.users += 1;
  shared.made ??= makeTemplates();
  const { templates, remove } = await shared.made;
  project.provide('serverTemplates', templates);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    shared.made = undefined;
    await remove();
  };
}
