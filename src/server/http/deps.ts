import type { Config } from '../config';
import type { Logger } from '../log';
import type { MediaStore } from '../media/store';
import type { EventBus } from '../realtime/events';
import type { TokenService } from '../services/tokens';
import type { Db } from '../storage/db';

/** What every route needs, passed in explicitly so tests can build an app on any database. */
export interface AppDeps {
  config: Config;
  db: Db;
  media: MediaStore;
  log: Logger;
  events: EventBus;
  tokens: TokenService;
  /** The current time; replaceable so tests can move the clock. */
  now: () => Date;
}
