import { createBackup } from '../src/server/ops/backup';
import { UsageError } from '../src/server/ops/errors';
import { runScript } from '../src/server/ops/run';
import { BACKUP_TEXTS, BACKUP_USAGE, OPS_TEXTS } from '../src/server/ops/strings';

// `npm run backup [-- --out FILE]`: one archive of the database and the media (docs/operations.md).

function parse(argv: readonly string[]): { out?: string } {
  const [first, second, ...rest] = argv;
  if (first === undefined) return {};
  const inline = first.startsWith('--out=') ? first.slice('--out='.length) : undefined;
  if (inline !== undefined && second === undefined && inline !== '') return { out: inline };
  if (first === '--out' && second !== undefined && rest.length === 0) return { out: second };
  if (first === '--out') throw new UsageError(OPS_TEXTS.missingValue('--out'), BACKUP_USAGE);
  throw new UsageError(OPS_TEXTS.unknownOption(first), BACKUP_USAGE);
}

await runScript(process.argv.slice(2), BACKUP_USAGE, parse, async (config, options) => {
  const done = await createBackup(config, options);
  return BACKUP_TEXTS.done(done.file, done.bytes);
});
