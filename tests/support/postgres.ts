import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Each test file gets a database of its own on the PostgreSQL server named by TEST_DATABASE_URL, so
// files can run in parallel and a failed run leaves nothing that breaks the next one.

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new database, empty or a copy of `template` (which no session may be connected to meanwhile). */
export async function createTempDatabase(baseUrl: string, template?: string): Promise<TempDatabase> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(baseUrl, name),
  };
}

/** Drops a database of the PostgreSQL server named by `baseUrl`, closing whatever is still connected. */
export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
