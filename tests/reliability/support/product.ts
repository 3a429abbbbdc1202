import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, ROOT } from '../../support/process';

// The server as a real child process in a process group of its own, so a test can SIGKILL it (and
// anything it started) in the middle of its work and start it again on the same data.

export interface ServerProcess {
  url: string;
  output(): string;
  /** Signals the whole process group and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'tests/reliability/support/serve.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, signal);
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, output: () => output, kill };
}
