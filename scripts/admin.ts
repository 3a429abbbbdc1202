import { seedDemoData } from '../src/server/demo/seed';
import { parseAdminArgs, runAdminCommand } from '../src/server/ops/admin-cli';
import { runScript } from '../src/server/ops/run';
import { ADMIN_USAGE } from '../src/server/ops/strings';

// `npm run admin -- <command>`: accounts and roles from the server's shell (docs/operations.md). On a
// fresh database it first does what the server's first start does, the demo's seeding included.
await runScript(process.argv.slice(2), ADMIN_USAGE, parseAdminArgs, (config, command) =>
  runAdminCommand(config, command, { seedDemo: seedDemoData }),
);
