import type { Db, Queryable } from './db';

// The admin account the start-up makes for ADMIN_EMAIL (services/bootstrap-admin.ts says when).

/** The advisory lock the admin account is made under. */
const ADMIN_LOCK = 727004;

export interface BootstrapAdmin {
  id: number;
  email: string;
  role: string;
}

/** The account marked users.bootstrap_admin, preferring one already at `email`. */
export async function findBootstrapAdmin(q: Queryable, email: string): Promise<BootstrapAdmin | undefined> {
  return (
    await q.query<BootstrapAdmin>(
      `SELECT id, email, role FROM users WHERE bootstrap_admin
         ORDER BY (lower(email) = lower($1)) DESC, id LIMIT 1`,
      [email],
    )
  )[0];
}

/**
 * Makes the marked admin account at `email` under an advisory lock, looking again first: the marked
 * account another process made meanwhile, 'taken' when an unmarked account holds the address, or
 * 'made'. On an empty users table the account is user 1.
 */
export async function createBootstrapAdmin(
  db: Db,
  email: string,
  hash: string,
): Promise<BootstrapAdmin | 'taken' | 'made'> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${ADMIN_LOCK})`);
    const found = await findBootstrapAdmin(tx, email);
    if (found) return found;
    const [holder] = await tx.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
      email,
    ]);
    if (holder) return 'taken' as const;
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    );
    if (count === 0) {
      await tx.query(
        `INSERT INTO users (id, email, password_hash, role, name, surname, bootstrap_admin)
         VALUES (1, $1, $2, 'admin', 'Администратор', '', true)`,
        [email, hash],
      );
      await resetSequence(tx, 'users');
    } else {
      await tx.query(
        `INSERT INTO users (email, password_hash, role, name, bootstrap_admin)
         VALUES ($1, $2, 'admin', 'Администратор', true)`,
        [email, hash],
      );
    }
    return 'made' as const;
  });
}

export async function makeAdmin(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [id]);
}

/**
 * Moves the account to `email` unless another account holds it: false then. A registration of the
 * same address committed in between makes the unique index refuse the move (23505, thrown).
 */
export async function moveEmailIfFree(db: Queryable, id: number, email: string): Promise<boolean> {
  const moved = await db.query(
    `UPDATE users SET email = $2 WHERE id = $1
         AND NOT EXISTS (SELECT 1 FROM users other WHERE lower(other.email) = lower($2) AND other.id <> $1)
       RETURNING id`,
    [id, email],
  );
  return moved.length > 0;
}

/** Moves a table's id sequence past the ids inserted by hand. */
export async function resetSequence(db: Queryable, table: string): Promise<void> {
  await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
}
