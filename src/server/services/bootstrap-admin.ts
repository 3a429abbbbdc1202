import type { Config } from '../config';
import type { Logger } from '../log';
import {
  createBootstrapAdmin,
  findBootstrapAdmin,
  makeAdmin,
  moveEmailIfFree,
  type BootstrapAdmin,
} from '../storage/admin';
import type { Db } from '../storage/db';
import { hashPassword } from './passwords';

/**
 * Makes sure the admin account the start-up creates for ADMIN_EMAIL exists: user 1 on a fresh
 * database. That account is marked (users.bootstrap_admin), and a later start finds it by the mark,
 * keeps it an admin and moves it to a changed ADMIN_EMAIL when that address is free. An account that
 * merely holds the address is never promoted: addresses are claimed by whoever registers them, and
 * the role must not follow. Several processes starting together on a fresh database all find no
 * admin; the insert runs under an advisory lock and looks again first, so one of them makes the
 * account and the others find it.
 */
export async function ensureAdmin(db: Db, config: Config, log: Logger): Promise<void> {
  const email = config.ADMIN_EMAIL;
  const marked = await findBootstrapAdmin(db, email);
  if (marked) return updateBootstrapAdmin(db, marked, email, log);
  // Hashed outside the lock: scrypt is slow, and a process that loses the race wastes only this.
  const hash = await hashPassword(config.ADMIN_PASSWORD);
  const outcome = await createBootstrapAdmin(db, email, hash);
  if (outcome === 'made') log.info(`admin account: ${email}`);
  else if (outcome === 'taken')
    log.error(`ADMIN_EMAIL ${email} belongs to an existing account, which is not made an admin`);
  else await updateBootstrapAdmin(db, outcome, email, log);
}

/** Keeps the start-up's admin an admin, at ADMIN_EMAIL unless another account holds that address. */
async function updateBootstrapAdmin(
  db: Db,
  admin: BootstrapAdmin,
  email: string,
  log: Logger,
): Promise<void> {
  if (admin.role !== 'admin') await makeAdmin(db, admin.id);
  if (admin.email.toLowerCase() === email.toLowerCase()) return;
  try {
    if (await moveEmailIfFree(db, admin.id, email)) {
      log.info(`admin account moved to ${email}`);
      return;
    }
  } catch (error) {
    // A registration of the same address committed in between: the unique index refused the move.
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  log.error(`ADMIN_EMAIL ${email} belongs to another account; the admin keeps ${admin.email}`);
}
