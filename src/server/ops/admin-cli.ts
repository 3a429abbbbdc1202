import type { Role } from '../../domain/types';
import { submittedEmailSchema } from '../../protocol/primitives';
import type { Config } from '../config';
import type { ServerEvent } from '../realtime/events';
import { AUTH_SERVICE_TEXTS, ROLE_TEXTS } from '../services/auth-texts';
import { ServiceError } from '../services/errors';
import { hashPassword } from '../services/passwords';
import { changeRole } from '../services/users-profile';
import {
  findAccount,
  lockUserRole,
  markVerified,
  resetPassword,
  setRole,
  updateProfileFields,
  upsertUnverified,
} from '../storage/accounts';
import { findBootstrapAdmin, makeAdmin } from '../storage/admin';
import type { Queryable } from '../storage/db';
import { findUser, type Principal } from '../storage/users';
import { openForAdmin, type OpsDatabase, type SeedDemo } from './database';
import { OpsError, UsageError } from './errors';
import { readNewPassword } from './password-input';
import { ADMIN_USAGE, OPS_TEXTS, ROLE_NAMES } from './strings';

// `npm run admin -- <command>`: the operator's account commands. Each one does what the app does for
// the same change (registration, the password reset, an admin's promote and demote), through the
// same service and storage functions, so a running server's clients notice it the same way.

export type AdminCommand =
  | { name: 'create'; email: string; role: Role; displayName?: string }
  | { name: 'reset-password'; email: string }
  | { name: 'promote'; email: string; admin: boolean }
  | { name: 'demote'; email: string };

/** The operator's words for the roles: a tourist is the app's plain user. */
const ROLE_ARGUMENTS: Record<string, Role> = {
  tourist: 'user',
  user: 'user',
  seller: 'seller',
  admin: 'admin',
};

const MAX_NAME_LENGTH = 100;

function usage(message: string): UsageError {
  return new UsageError(message, ADMIN_USAGE);
}

function emailOf(value: string | undefined): string {
  const parsed = submittedEmailSchema.safeParse(value ?? '');
  if (!parsed.success) throw usage(OPS_TEXTS.badEmail);
  return parsed.data;
}

/** Reads `create EMAIL --role seller`-style arguments; throws UsageError with the usage text. */
export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  const [command, ...rest] = argv;
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  const valued = new Set(['--role', '--name']);
  const flags = new Set(['--admin']);
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [key, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    if (valued.has(key as string)) {
      const value = inline ?? rest[(i += 1)];
      if (value === undefined) throw usage(OPS_TEXTS.missingValue(key as string));
      options.set(key as string, value);
    } else if (flags.has(key as string) && inline === undefined) {
      options.set(key as string, true);
    } else {
      throw usage(OPS_TEXTS.unknownOption(arg));
    }
  }
  const allow = (...names: string[]) => {
    for (const key of options.keys()) if (!names.includes(key)) throw usage(OPS_TEXTS.unknownOption(key));
    if (positional.length > 1) throw usage(OPS_TEXTS.extraArgument(positional[1] as string));
  };
  switch (command) {
    case 'create': {
      allow('--role', '--name');
      const roleArg = options.get('--role');
      const role = typeof roleArg === 'string' ? ROLE_ARGUMENTS[roleArg] : 'admin';
      if (!role) throw usage(OPS_TEXTS.badRole);
      const nameArg = options.get('--name');
      const displayName = typeof nameArg === 'string' ? nameArg.trim() : undefined;
      if (displayName !== undefined && (displayName === '' || displayName.length > MAX_NAME_LENGTH))
        throw usage(OPS_TEXTS.badName);
      return { name: 'create', email: emailOf(positional[0]), role, displayName };
    }
    case 'reset-password':
      allow();
      return { name: 'reset-password', email: emailOf(positional[0]) };
    case 'promote':
      allow('--admin');
      return { name: 'promote', email: emailOf(positional[0]), admin: options.has('--admin') };
    case 'demote':
      allow();
      return { name: 'demote', email: emailOf(positional[0]) };
    default:
      throw usage(command === undefined ? '' : OPS_TEXTS.unknownCommand(command));
  }
}

/** The operator, as the role services see a caller: an admin who is no account. */
const OPERATOR: Principal = { id: 0, role: 'admin', tokenVersion: 0 };

/** The event an admin's role change in the app publishes (services/users-profile.ts), for `userId`. */
async function userUpdated(tx: Queryable, userId: number): Promise<ServerEvent> {
  const user = await findUser(tx, userId);
  if (!user) throw new OpsError(ROLE_TEXTS.userNotFound);
  return {
    channel: 'USER_UPDATE',
    userId,
    data: { user_id: userId, action: 'profile_update', user_data: user.row, version: user.version },
  };
}

async function accountId(open: OpsDatabase, email: string): Promise<number> {
  const account = await findAccount(open.db, email);
  if (!account) throw new OpsError(ROLE_TEXTS.userNotFound);
  return account.id;
}

async function currentRole(open: OpsDatabase, id: number): Promise<string> {
  const user = await findUser(open.db, id);
  if (!user) throw new OpsError(ROLE_TEXTS.userNotFound);
  return user.row.role;
}

/** Puts the user at `role` inside `tx`; the events the change publishes. */
async function moveRole(tx: Queryable, userId: number, role: Role): Promise<ServerEvent[]> {
  const current = await lockUserRole(tx, userId);
  if (current === undefined) throw new OpsError(ROLE_TEXTS.userNotFound);
  if (current === role) return [];
  if (role === 'admin') {
    await makeAdmin(tx, userId);
    return [await userUpdated(tx, userId)];
  }
  if (current !== 'admin') {
    // What the app's promote-to-seller and demote-to-user do, events included.
    const result = await changeRole(tx, OPERATOR, userId, role);
    return result.events;
  }
  // An admin leaving the role loses every token, as a demoted seller does.
  const tokenVersion = await setRole(tx, userId, role);
  const events = [await userUpdated(tx, userId)];
  if (role === 'user' && tokenVersion !== undefined)
    events.push({ channel: 'TOKENS_REVOKED', userId, data: { belowVersion: tokenVersion } });
  return events;
}

interface CommandDeps {
  config: Config;
  open: OpsDatabase;
  readPassword: () => Promise<string>;
}

async function create(deps: CommandDeps, command: Extract<AdminCommand, { name: 'create' }>) {
  const { open } = deps;
  if ((await findAccount(open.db, command.email))?.verified)
    throw new OpsError(AUTH_SERVICE_TEXTS.userExists);
  const passwordHash = await hashPassword(await deps.readPassword());
  const id = await open.db.transaction(async (tx) => {
    // An unverified registration of the address is taken over, as a second registration would.
    const id = await upsertUnverified(tx, command.email, passwordHash, null);
    if (id === null) throw new OpsError(AUTH_SERVICE_TEXTS.userExists);
    await markVerified(tx, id);
    await moveRole(tx, id, command.role);
    if (command.displayName !== undefined) {
      const user = await findUser(tx, id);
      if (!user) throw new OpsError(ROLE_TEXTS.userNotFound);
      const { surname, middlename, phone, email, avatar } = user.row;
      await updateProfileFields(tx, id, {
        name: command.displayName,
        surname,
        middlename,
        phone,
        email,
        avatar,
      });
    }
    return id;
  });
  return OPS_TEXTS.created(ROLE_NAMES[command.role] ?? command.role, command.email, id);
}

async function resetAccountPassword(deps: CommandDeps, email: string) {
  const { open } = deps;
  const id = await accountId(open, email);
  const passwordHash = await hashPassword(await deps.readPassword());
  // The app's confirmed reset: the new hash and a raised token version in one statement.
  const tokenVersion = await open.db.transaction((tx) => resetPassword(tx, id, passwordHash));
  if (tokenVersion === null) throw new OpsError(ROLE_TEXTS.userNotFound);
  open.events.publish([{ channel: 'TOKENS_REVOKED', userId: id, data: { belowVersion: tokenVersion } }]);
  return OPS_TEXTS.passwordReset(email);
}

async function changeAccountRole(deps: CommandDeps, email: string, role: Role) {
  const { open, config } = deps;
  const id = await accountId(open, email);
  const current = await currentRole(open, id);
  if (current === role) return OPS_TEXTS.alreadyRole(email, ROLE_NAMES[role] ?? role);
  if (current === 'admin' && role === 'seller') throw new OpsError(OPS_TEXTS.adminAlready(email));
  if (current === 'admin' && (await findBootstrapAdmin(open.db, config.ADMIN_EMAIL))?.id === id)
    throw new OpsError(OPS_TEXTS.bootstrapAdmin(email));
  const events = await open.db.transaction((tx) => moveRole(tx, id, role));
  open.events.publish(events);
  return OPS_TEXTS.roleChanged(email, ROLE_NAMES[role] ?? role);
}

/**
 * Runs one command on the configured database and resolves to the line to print. Refusals throw
 * OpsError (a Russian message); the app's own refusals (ServiceError) come out as OpsError too.
 */
export async function runAdminCommand(
  config: Config,
  command: AdminCommand,
  options: { readPassword?: () => Promise<string>; seedDemo?: SeedDemo } = {},
): Promise<string> {
  const readPassword = options.readPassword ?? (() => readNewPassword());
  const open = await openForAdmin(config, options.seedDemo);
  const deps: CommandDeps = { config, open, readPassword };
  try {
    switch (command.name) {
      case 'create':
        return await create(deps, command);
      case 'reset-password':
        return await resetAccountPassword(deps, command.email);
      case 'promote':
        return await changeAccountRole(deps, command.email, command.admin ? 'admin' : 'seller');
      case 'demote':
        return await changeAccountRole(deps, command.email, 'user');
    }
  } catch (error) {
    if (error instanceof ServiceError) throw new OpsError(error.message);
    throw error;
  } finally {
    await open.close();
  }
}
