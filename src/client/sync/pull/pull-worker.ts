import { createHttpClient } from '../../api/http';
import { ReplicaDb } from '../../db/schema';
import { runStraightThrough } from '../../yield';
import { servePulls, type PortLike } from './worker';

// The dedicated worker that runs a tab's pulls (worker.ts), with its own connection to the
// replica. Same origin as the page: its requests go to the app's own server, through the service worker.
// No screen here to keep answering: pages are checked and written without giving the thread back.
runStraightThrough();
servePulls(self as unknown as PortLike, new ReplicaDb(), createHttpClient(''));
