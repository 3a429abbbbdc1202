import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** A free TCP port on loopback, found by letting the OS pick one. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface StartedProduct {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /**
   * Sends a signal to the whole process group, as Ctrl+C in a terminal or a service manager does, and
   * resolves once npm has exited. npm re-raises the signal on itself, so success is read from the log.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Runs `npm start` exactly as a person would, with the given environment, and waits for health. */
export async function startProduct(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<StartedProduct> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': it fires after the output pipes are drained, so the log is complete.
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      throw new Error(`npm start was not healthy within ${timeoutMs} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, signal);
      return exited;
    },
  };
}
