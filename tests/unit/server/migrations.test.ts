import { describe, expect, it } from 'vitest';
import { MIGRATIONS, splitStatements } from '../../../src/server/storage/migrations';

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
});
