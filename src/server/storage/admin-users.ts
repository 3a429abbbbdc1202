import type { AdminUserRow } from '../../protocol/moderation';
import type { Role } from '../../domain/types';
import type { Queryable } from './db';

// The admin's user search (GET /api/admin/users): users whose e-mail, name or surname starts with
// the words typed, or whose id they are. Each prefix is a range of an index of migration 18.

export interface UserSearch {
  /** What the admin typed, trimmed, inner spaces collapsed; empty lists every user. */
  text: string;
  /** The id the text names when it is all digits and fits a users id, else null. */
  id: number | null;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface UserSearchPage {
  users: AdminUserRow[];
  total: number;
}

/** `text` as a LIKE pattern matching any value that starts with it: its own % and _ match themselves. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE condition and its parameters. Only the arms that apply are written: a constant arm
 * (`$1 = ''`, `id = NULL`) would stop PostgreSQL from combining the indexes of the others.
 */
function condition(search: UserSearch): { where: string; params: unknown[]; idParam: string | null } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (search.text === '') return { where: 'TRUE', params, idParam: null };
  const arms: string[] = [];
  const idParam = search.id === null ? null : param(search.id);
  if (idParam) arms.push(`u.id = ${idParam}`);
  const whole = param(likePrefix(search.text));
  for (const column of ['email', 'name', 'surname']) arms.push(`lower(u.${column}) LIKE lower(${whole})`);
  // "Андрей Соколов" or "Соколов Андрей": a name and a surname typed together.
  const space = search.text.indexOf(' ');
  if (space > 0) {
    const first = param(likePrefix(search.text.slice(0, space)));
    const rest = param(likePrefix(search.text.slice(space + 1)));
    arms.push(
      `(lower(u.name) LIKE lower(${first}) AND lower(u.surname) LIKE lower(${rest}))`,
      `(lower(u.surname) LIKE lower(${first}) AND lower(u.name) LIKE lower(${rest}))`,
    );
  }
  return { where: `(${arms.join(' OR ')})`, params, idParam };
}

interface Row {
  id: number;
  email: string;
  name: string;
  surname: string;
  role: string;
  excursions: number;
}

/**
 * One page of matching users, the exact id first, then by id; each with how many excursions they
 * own, counted in the same query. The total is a second query over the same condition.
 */
export async function searchUsers(db: Queryable, search: UserSearch): Promise<UserSearchPage> {
  const { where, params, idParam } = condition(search);
  const order = idParam ? `(u.id = ${idParam}) DESC, u.id` : 'u.id';
  const limit = `$${params.length + 1}`;
  const offset = `$${params.length + 2}`;
  const [rows, counted] = await Promise.all([
    db.query<Row>(
      `SELECT u.id, u.email, u.name, u.surname, u.role,
         (SELECT count(*)::int FROM excursions e WHERE e.owner_id = u.id) AS excursions
       FROM users u WHERE ${where}
       ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      [...params, search.pageSize, (search.page - 1) * search.pageSize],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u WHERE ${where}`, params),
  ]);
  return {
    users: rows.map((row) => ({ ...row, role: row.role as Role })),
    total: counted[0]?.total ?? 0,
  };
}
