import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTokenService } from '../../src/server/services/tokens';
import { createTempDatabase, type TempDatabase } from './postgres';
import { freePort, ROOT } from './process';

// Several real server processes on one PostgreSQL database, as a deployment behind a load balancer
// runs them (docs/DEPLOY.md): each a child `node` running the product's own entry (API only, no
// client build needed), with its own DATA_DIR but one JWT_SECRET and one shared MEDIA_DIR.

export interface ClusterNode {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Sends the signal to the process and resolves with its exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const CLI = pathToFileURL(join(ROOT, 'src/server/cli.ts')).href;

/** Starts one API-only server process with `env` and waits until GET /api/health answers 200. */
export async function startNode(env: Record<string, string>, timeoutMs = 120_000): Promise<ClusterNode> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '-e', `import(${JSON.stringify(CLI)}).then((m) => m.runFromEnvironment(''))`],
    {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server was not healthy within ${timeoutMs} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface Cluster {
  database: TempDatabase;
  nodes: ClusterNode[];
  mediaDir: string;
  /** Signs a token both processes accept (they share JWT_SECRET). */
  token(userId: number): Promise<string>;
  destroy(): Promise<void>;
}

/** `count` processes on one fresh database; they start together, as after a deploy. */
export async function startCluster(
  baseUrl: string,
  count: number,
  env: Record<string, string> = {},
): Promise<Cluster> {
  const database = await createTempDatabase(baseUrl);
  const root = await mkdtemp(join(tmpdir(), 'krym-cluster-'));
  const mediaDir = join(root, 'media');
  const secret = randomBytes(32).toString('hex');
  const nodes: ClusterNode[] = [];
  const destroy = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await database.drop();
    await rm(root, { recursive: true, force: true });
  };
  try {
    const started = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        startNode({
          DATABASE_URL: database.url,
          DATA_DIR: join(root, `node${i + 1}`),
          MEDIA_DIR: mediaDir,
          JWT_SECRET: secret,
          LOG_LEVEL: 'error',
          ...env,
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  } catch (error) {
    await destroy();
    throw error;
  }
  const tokens = createTokenService(secret);
  return {
    database,
    nodes,
    mediaDir,
    token: (userId) => tokens.sign({ userId, tokenVersion: 0 }),
    destroy,
  };
}
