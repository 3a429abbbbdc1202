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

export default async function setup(project: TestProject) {
  const day = crimeaToday(new Date());
  const pglite = await startTestServer('pglite', { template: false });
  await pglite.close();
  const postgres = TEST_DATABASE_URL ? await startTestServer('postgres', { template: false }) : undefined;
  await postgres?.close();
  const database = postgres?.databaseUrl ? new URL(postgres.databaseUrl).pathname.slice(1) : undefined;
  project.provide('serverTemplates', {
    day,
    pglite: pglite.dataDir,
    ...(postgres && database ? { postgres: { dataDir: postgres.dataDir, database } } : {}),
  });
  return async () => {
    for (const server of [pglite, postgres])
      if (server) await rm(server.dataDir, { recursive: true, force: true });
    if (TEST_DATABASE_URL && database) await dropDatabase(TEST_DATABASE_URL, database);
  };
}
