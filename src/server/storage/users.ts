import type { Role, User } from '../../domain/types';
import type { Queryable } from './db';
import type { Versioned } from './catalogue';

interface UserRow {
  id: number;
  name: string;
  surname: string;
  middlename: string;
  phone: string;
  email: string;
  avatar: string;
  role: string;
  balance: number;
  version: number;
  tickets: string[];
  favorites: string[];
  user_excursions: string[];
}

// The user as SPEC §3 shows it, with its three id lists aggregated in the same query.
const USER_SELECT = `
  SELECT u.id, u.name, u.surname, u.middlename, u.phone, u.email, u.avatar, u.role, u.balance, u.version,
    COALESCE((SELECT array_agg(t.id ORDER BY t.created_at DESC, t.id) FROM tickets t WHERE t.user_id = u.id), '{}')
      AS tickets,
    COALESCE((SELECT array_agg(f.excursion_id ORDER BY f.created_at, f.excursion_id) FROM favorites f
      WHERE f.user_id = u.id), '{}') AS favorites,
    COALESCE((SELECT array_agg(e.id ORDER BY e.created_at, e.id) FROM excursions e WHERE e.owner_id = u.id), '{}')
      AS user_excursions
  FROM users u`;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    middlename: row.middlename,
    phone: row.phone,
    email: row.email,
    avatar: row.avatar,
    role: row.role as Role,
    balance: row.balance,
    tickets: row.tickets,
    favorites: row.favorites,
    userExcursions: row.user_excursions,
    isAuthenticated: true,
  };
}

export async function findUser(db: Queryable, id: number, minVersion = 0): Promise<Versioned<User> | null> {
  const rows = await db.query<UserRow>(`${USER_SELECT} WHERE u.id = $1 AND u.version > $2`, [id, minVersion]);
  const row = rows[0];
  return row ? { row: toUser(row), version: row.version } : null;
}

/** Who may do what: the fields authorisation needs, read fresh on every authenticated request. */
export interface Principal {
  id: number;
  role: Role;
  tokenVersion: number;
}

/**
 * The user a token names, or null when there is none or when the token's id (`jti`, when given) is
 * on the revoked list: both in one query, since every authenticated request asks.
 */
export async function findPrincipal(db: Queryable, id: number, jti?: string): Promise<Principal | null> {
  const rows = await db.query<{ id: number; role: string; token_version: number }>(
    `SELECT id, role, token_version FROM users
     WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $2)`,
    [id, jti ?? null],
  );
  const row = rows[0];
  return row ? { id: row.id, role: row.role as Role, tokenVersion: row.token_version } : null;
}

/**
 * A user's row gets a new version when something listed in it changes (a ticket, a favourite, an
 * owned excursion), so replicas holding the user row see the change.
 */
export async function touchUser(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE users SET version = 0 WHERE id = $1', [id]);
}
