import type { Config } from '../config';
import type { Logger } from '../log';
import type { MediaStore } from '../media/store';
import type { Db } from '../storage/db';

/** What every route needs, passed in explicitly so tests can build an app on any database. */
export interface AppDeps {
  config: Config;
  db: Db;
  media: MediaStore;
  log: Logger;
  /** The current time; replaceable so tests can move the clock. */
  now: () => Date;
}
