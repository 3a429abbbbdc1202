import { ConfigError, loadConfig, type Config } from '../config';
import { OpsError, UsageError } from './errors';
import { OPS_TEXTS } from './strings';

// The frame of every operator script (scripts/admin.ts, backup.ts, restore.ts): read the arguments,
// read the same configuration as the server, run, print one line. Exit 0 on success; 1 with one
// Russian line on stderr (and the usage text for a command line it does not understand).

const HELP = new Set(['help', '--help', '-h']);

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((done) => stream.write(`${text}\n`, () => done()));
}

/** One line for a configuration that does not load (ConfigError lists each bad variable). */
function configLine(error: ConfigError): string {
  return `Неверная конфигурация: ${error.problems.join('; ')}`;
}

export async function runScript<T>(
  argv: readonly string[],
  usage: string,
  parse: (argv: readonly string[]) => T,
  run: (config: Config, parsed: T) => Promise<string>,
): Promise<never> {
  let code = 0;
  try {
    if (argv[0] !== undefined && HELP.has(argv[0])) {
      await write(process.stdout, usage);
    } else {
      const parsed = parse(argv);
      const config = loadConfig(process.env);
      await write(process.stdout, await run(config, parsed));
    }
  } catch (error) {
    code = 1;
    if (error instanceof UsageError) {
      await write(process.stderr, error.message ? `${error.message}\n\n${error.usage}` : error.usage);
    } else if (error instanceof ConfigError) {
      await write(process.stderr, configLine(error));
    } else if (error instanceof OpsError) {
      await write(process.stderr, error.message);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      await write(process.stderr, OPS_TEXTS.failed(message.split('\n')[0] ?? message));
    }
  }
  // Explicit: a driver's timer or socket left behind must not keep the command running.
  process.exit(code);
}
