// @ts-check
// `npm start` runs this file with plain node (package.json: `exec node scripts/launch.mjs`; `exec`, so
// that the SIGTERM or SIGINT npm passes on reaches node itself and not the shell npm runs scripts in,
// which would die and leave the server running). It registers tsx for the TypeScript of the build
// step and hands its unregister to start.ts, so the server's bundle, plain JavaScript, loads past tsx's
// loader: through it the bundle takes noticeably longer to be serving (the bench's restart figure,
// docs/benchmarks.md).
import { register } from 'tsx/esm/api';

const leaveTypeScript = register();
const { start } = await import('./start.ts');
await start(leaveTypeScript);
