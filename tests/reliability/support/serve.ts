import { join } from 'node:path';
import { runFromEnvironment } from '../../../src/server/cli';

// The product's server alone, configured by the environment like `npm start`, but without the
// client build step (tests that kill it only talk to the API): `no-dist` does not exist, so the app
// pages answer 404 and the API works as always.

await runFromEnvironment(process.env.DIST_DIR ?? join(import.meta.dirname, 'no-dist'));
