import { UsageError } from '../src/server/ops/errors';
import { restoreBackup } from '../src/server/ops/restore';
import { runScript } from '../src/server/ops/run';
import { OPS_TEXTS, RESTORE_TEXTS, RESTORE_USAGE } from '../src/server/ops/strings';

// `npm run restore FILE`: an archive of `npm run backup` into an empty target (docs/operations.md).

function parse(argv: readonly string[]): string {
  const [file, ...rest] = argv;
  if (file === undefined || file.startsWith('-'))
    throw new UsageError(file ? OPS_TEXTS.unknownOption(file) : '', RESTORE_USAGE);
  if (rest[0] !== undefined) throw new UsageError(OPS_TEXTS.extraArgument(rest[0]), RESTORE_USAGE);
  return file;
}

await runScript(process.argv.slice(2), RESTORE_USAGE, parse, async (config, file) => {
  const manifest = await restoreBackup(config, file);
  return RESTORE_TEXTS.done(file, manifest.createdAt);
});
