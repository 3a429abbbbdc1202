import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, User } from '../../../src/domain/types';
import { AUTH_TEXTS } from '../../../src/server/http/auth';
import { holdPgliteLock, pgliteLockHeld, type PgliteLock } from '../../../src/server/ops/pglite-lock';
import { ADMIN_USAGE, OPS_TEXTS } from '../../../src/server/ops/strings';
import { AUTH_SERVICE_TEXTS, ROLE_TEXTS } from '../../../src/server/services/auth-texts';
import { TOUR_TEXTS } from '../../../src/server/services/tours';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { confirmCode, startLogin } from '../../support/auth-flow';
import { ROOT } from '../../support/process';
import { ENGINES, ONE_ENGINE, startTestServer, type Engine, type TestServer } from '../../support/server';
import { openSocket } from '../../support/socket';
import { startTestSmtp, type TestSmtp } from '../../support/smtp';

// `npm run admin` run as the operator runs it: the real script in a child process, the password on
// its standard input, the server's own configuration. What it did is then seen through the HTTP API
// of a running server: who may sign in, and what each account may do.

/**
 * On PGlite each command means stopping and starting the server around it, which a loaded machine
 * makes slow.
 */
const COMMANDS_TIMEOUT_MS = 180_000;

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runAdmin(env: Record<string, string>, args: string[], stdin = ''): Promise<ScriptRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
    child.stdin.end(stdin);
  });
}

describe.each(ENGINES)('npm run admin on %s', (engine: Engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  /** The folder's lock taken on the server's behalf when its start did not take it itself. */
  let standIn: PgliteLock | undefined;
  let serial = 0;
  const email = (what: string) => `cli-${what}-${engine}-${Date.now().toString(36)}-${serial++}@example.ru`;
  const day = (n: number) => addDays(crimeaToday(new Date()), n);

  /** The environment the server runs with, as the operator's shell would have it. */
  const serverEnv = (): Record<string, string> => ({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl ?? '',
    MEDIA_DIR: '',
    LOG_LEVEL: 'error',
    SMTP_URL: smtp.url,
  });

  /** The server holds its PGlite folder for as long as it runs. */
  async function holdFolderLikeTheServer() {
    if (engine === 'pglite' && !(await pgliteLockHeld(server.dataDir)))
      standIn = await holdPgliteLock(server.dataDir);
  }

  /**
   * Runs the command as the operator must: on PGlite with the server stopped (its folder is one
   * process's), on PostgreSQL beside the running server.
   */
  async function admin(args: string[], stdin = ''): Promise<ScriptRun> {
    if (engine === 'postgres') return runAdmin(serverEnv(), args, stdin);
    await server.close();
    await standIn?.release();
    standIn = undefined;
    try {
      return await runAdmin(serverEnv(), args, stdin);
    } finally {
      server = await server.restart();
      await holdFolderLikeTheServer();
    }
  }

  async function signIn(address: string, password: string): Promise<string> {
    const after = await startLogin(server, smtp, address, password);
    return (await confirmCode(server, smtp, address, after)).access_token;
  }

  const me = (token: string) => api(server, token).get('/api/users/me');
  const adminList = (token: string) => api(server, token).get('/api/admin/users');

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, { env: { SMTP_URL: smtp.url } });
    await holdFolderLikeTheServer();
  });
  afterAll(async () => {
    await standIn?.release();
    await server?.destroy();
    await smtp?.close();
  });

  it(
    'creates an admin who signs in and reaches the admin pages, and a tourist who does not',
    async () => {
      const operator = email('admin');
      const made = await admin(['create', operator, '--name', 'Дежурный'], 'operator-pass-1\n');
      expect(made).toMatchObject({ code: 0, stderr: '' });
      expect(made.stdout).toContain(operator);

      const token = await signIn(operator, 'operator-pass-1');
      expect(await ((await me(token)).json() as Promise<User>)).toMatchObject({
        email: operator,
        role: 'admin',
        name: 'Дежурный',
      });
      expect((await adminList(token)).status).toBe(200);

      const tourist = email('tourist');
      expect((await admin(['create', tourist, '--role', 'tourist'], 'tourist-pass-1\n')).code).toBe(0);
      const touristToken = await signIn(tourist, 'tourist-pass-1');
      expect(((await (await me(touristToken)).json()) as User).role).toBe('user');
      expect((await adminList(touristToken)).status).toBe(403);
    },
    COMMANDS_TIMEOUT_MS,
  );

  // Every command's rules on one engine; on the other (PGlite beside PostgreSQL) the create above
  // shows the operator's way round its folder: stop the server, run the command, start it again.
  if (ONE_ENGINE.includes(engine)) {
    it(
      'refuses what the app refuses, in one Russian line, and prints the usage for an unknown command',
      async () => {
        const unknown = await runAdmin(serverEnv(), ['grant', 'x@example.ru']);
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain(OPS_TEXTS.unknownCommand('grant'));
        expect(unknown.stderr).toContain(ADMIN_USAGE);

        const address = email('short');
        const short = await admin(['create', address], 'abc\n');
        expect(short).toMatchObject({ code: 1, stderr: OPS_TEXTS.passwordRules, stdout: '' });
        const taken = await admin(['create', 'seller@example.ru', '--role', 'seller'], 'whatever-123\n');
        expect(taken).toMatchObject({ code: 1, stderr: AUTH_SERVICE_TEXTS.userExists });
        const nobody = await admin(['reset-password', address], 'whatever-123\n');
        expect(nobody).toMatchObject({ code: 1, stderr: ROLE_TEXTS.userNotFound });
        // The short password made no account.
        const login = await api(server).send('POST', '/auth/login', {
          login_email: address,
          password: 'abc-abc-abc',
        });
        expect(login.status).toBe(401);
      },
      COMMANDS_TIMEOUT_MS,
    );

    it(
      'reset-password voids every token of the account and only the new password signs in',
      async () => {
        const address = email('reset');
        expect((await admin(['create', address, '--role', 'tourist'], 'first-pass-1\n')).code).toBe(0);
        const oldToken = await signIn(address, 'first-pass-1');
        expect((await me(oldToken)).status).toBe(200);

        const reset = await admin(['reset-password', address], 'second-pass-2\n');
        expect(reset).toMatchObject({ code: 0, stdout: OPS_TEXTS.passwordReset(address) });

        const refused = await me(oldToken);
        expect(refused.status).toBe(401);
        expect(((await refused.json()) as { detail: string }).detail).toBe(AUTH_TEXTS.invalid);
        const oldPassword = await api(server).send('POST', '/auth/login', {
          login_email: address,
          password: 'first-pass-1',
        });
        expect(oldPassword.status).toBe(401);
        expect(((await oldPassword.json()) as { detail: string }).detail).toBe(
          AUTH_SERVICE_TEXTS.badCredentials,
        );
        const newToken = await signIn(address, 'second-pass-2');
        expect(((await (await me(newToken)).json()) as User).email).toBe(address);
      },
      COMMANDS_TIMEOUT_MS,
    );

    it(
      'demote, promote and promote --admin change what the seller may do',
      async () => {
        const seller = 'seller@example.ru';
        const { excursions } = await catalogue(server);
        const own = excursions.find((e: Excursion) => e.ownerID === DEMO.seller) as Excursion;
        const schedule = (token: string, n: number) =>
          api(server, token).send('POST', '/api/tours', {
            tours: [{ excursionID: own._id, date: day(n), time: '06:40' }],
          });
        const sellerToken = await signIn(seller, 'seller123');
        expect((await schedule(sellerToken, 50)).status).toBe(200);

        expect(await admin(['demote', seller])).toMatchObject({ code: 0, stderr: '' });
        // The seller's tokens are void, and say why, as after an admin's demotion in the app.
        const stale = await me(sellerToken);
        expect(stale.status).toBe(401);
        expect(((await stale.json()) as { detail: string }).detail).toBe(AUTH_TEXTS.roleChanged);
        const userToken = await signIn(seller, 'seller123');
        const refused = await schedule(userToken, 51);
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as { message: string }).message).toBe(TOUR_TEXTS.sellersOnly);

        expect(await admin(['promote', seller])).toMatchObject({ code: 0, stderr: '' });
        expect((await schedule(userToken, 52)).status).toBe(200);
        expect((await adminList(userToken)).status).toBe(403);

        expect(await admin(['promote', seller, '--admin'])).toMatchObject({ code: 0, stderr: '' });
        expect((await adminList(userToken)).status).toBe(200);
        expect(((await (await me(userToken)).json()) as User).role).toBe('admin');
      },
      COMMANDS_TIMEOUT_MS,
    );
  }

  if (engine === 'pglite') {
    it(
      'refuses, changing nothing, while the server holds the PGlite folder',
      async () => {
        const tourist = 'tourist@example.ru';
        const refused = await runAdmin(serverEnv(), ['promote', tourist]);
        expect(refused).toMatchObject({
          code: 1,
          stdout: '',
          stderr: OPS_TEXTS.serverRunning(resolve(server.dataDir)),
        });
        expect(refused.stderr).toContain('остановите сервер');
        const token = await tokenFor(server, DEMO.tourist);
        expect(((await (await me(token)).json()) as User).role).toBe('user');
      },
      COMMANDS_TIMEOUT_MS,
    );
  } else {
    it(
      "reaches the sockets of the running server: the user's open app hears its new role",
      async () => {
        const socket = await openSocket(server.url);
        socket.send({
          type: 'subscribe',
          channels: ['USER_UPDATE'],
          userId: DEMO.seller2,
          token: await tokenFor(server, DEMO.seller2),
        });
        await socket.next((m) => m.type === 'subscribed');
        expect((await admin(['promote', 'seller2@example.ru', '--admin'])).code).toBe(0);
        const heard = await socket.next((m) => m.type === 'USER_UPDATE', 10_000);
        expect(heard).toMatchObject({ data: { user_id: DEMO.seller2, user_data: { role: 'admin' } } });
        socket.close();
      },
      COMMANDS_TIMEOUT_MS,
    );
  }
});
