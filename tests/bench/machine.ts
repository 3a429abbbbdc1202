import { statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { median } from './stats';

// What the machine itself costs, printed beside the figures so that runs on different machines can be
// read side by side. Sessions ran on virtual machines of one CPU family whose system calls, context
// switches and fsyncs differed many times over (pgbench on the same PostgreSQL: 2,943 tps on one,
// 672-1,192 on another): a browser that talks between its processes for every request, and a server
// that writes to PostgreSQL over a socket for every booking, pay that price on each step.
// Lighthouse's own benchmarkIndex, of the CPU, is printed with its figures.

/** The time of one `fs.statSync` call (a system call and Node's own wrapping), median of 5 rounds. */
export function syscallMicros(rounds = 5, calls = 20_000): number {
  const dir = tmpdir();
  const perCall: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) statSync(dir);
    perCall.push(Number(process.hrtime.bigint() - start) / 1000 / calls);
  }
  return median(perCall);
}

/** The machine line of a run: CPU, cores, Node and the system-call probe. */
export function describeMachine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpu} × ${cpus().length}, Node ${process.version}, one stat() call ${syscallMicros().toFixed(1)} µs`;
}
