import { z } from 'zod';

// Zod compiles object parsers with `new Function` when the page allows it, and merely probing for
// that is an eval the app's Content-Security-Policy refuses (no 'unsafe-eval', see
// src/server/http/static.ts) and reports as a violation. In a browser, a page or a worker
// (pull-worker.ts, under the same policy), it parses without compiling.
// Imported for its effect first by every sync module that parses server answers.
if (typeof window !== 'undefined' || typeof WorkerGlobalScope !== 'undefined') z.config({ jitless: true });
