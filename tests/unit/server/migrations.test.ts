import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsOf, splitStatements } from '../../../src/server/storage/migrations';

describe('migration statements', () => {
  it('splits at semicolons but keeps a dollar-quoted function body whole', () => {
    const statements = splitStatements(`
CREATE TABLE a (id int);
-- a comment; with a semicolon
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.x := 1;
  RETURN NEW;
END $$;
CREATE INDEX a_id ON a (id);`);
    expect(statements).toHaveLength(3);
    expect(statements[1]).toContain('RETURN NEW;');
    expect(statements[1]?.endsWith('END $$;')).toBe(true);
  });

  it('numbers migrations 1, 2, 3… with no gap, so an installed database knows what it has run', () => {
    expect(MIGRATIONS.map((m) => m.id)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('records the names installed databases have in schema_migrations', () => {
    expect(MIGRATIONS.slice(0, 3).map((m) => [m.id, m.name])).toEqual([
      [1, 'catalogue, users, tickets and change tracking'],
      [2, 'idempotency keys, one tour per slot, and a commit fence for sync'],
      [3, 'verified accounts, e-mailed login codes and rate limits'],
    ]);
    expect(MIGRATIONS.find((m) => m.id === 8)?.name).toBe("the test provider's payments asked for together");
    for (const migration of MIGRATIONS) expect(splitStatements(migration.sql).length).toBeGreaterThan(0);
  });
});

describe('migration files', () => {
  const file = (name: string, header = '-- name: a table') => ({
    file: name,
    text: `${header}\n\nCREATE TABLE t (id int);\n`,
  });

  it('takes the id from the file number and the name from the "-- name:" line, in number order', () => {
    const migrations = migrationsOf([
      file('0010-later.sql', '-- name: the later one'),
      file('0002-earlier.sql', '-- name: the earlier one'),
    ]);
    expect(migrations.map((m) => [m.id, m.name])).toEqual([
      [2, 'the earlier one'],
      [10, 'the later one'],
    ]);
    expect(splitStatements(migrations[0]!.sql)).toEqual(['CREATE TABLE t (id int);']);
  });

  it('refuses a file without a number, without a name or with a number taken', () => {
    expect(() => migrationsOf([file('tables.sql')])).toThrow('NNNN-<slug>.sql');
    expect(() => migrationsOf([file('0001-tables.sql', '-- tables')])).toThrow('-- name:');
    expect(() => migrationsOf([file('0001-tables.sql'), file('0001-others.sql')])).toThrow(
      'two files have this number',
    );
  });
});
