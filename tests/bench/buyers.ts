import type pg from 'pg';
import { MAX_UNPAID_HOLDS } from '../../src/server/services/booking';

// The buyers the booking load books as. The server lets one account hold at most MAX_UNPAID_HOLDS
// unpaid bookings at once and make RATE_RULES.bookingPerAccount bookings in ten minutes; the bench
// never pays, and a hold (HOLD_MINUTES) outlasts the bench's booking runs, so every account books at
// most MAX_UNPAID_HOLDS times in the whole run and is never handed out again. That is also how a
// crowd books: many buyers, each a few times, not a few buyers thousands of times. The accounts are
// made ahead of the load, so neither the INSERT nor the token signing falls in a measured second.

export interface Buyer {
  id: number;
  token: string;
}

/** Bookings one account makes: as many as it may hold unpaid, since the bench never pays. */
export const BOOKINGS_PER_BUYER = MAX_UNPAID_HOLDS;

/** Marks the bench's buyers among the database's accounts (for counting their tickets). */
export const BUYER_EMAIL_PREFIX = 'bench-buyer-';

/** Rows per INSERT and tokens per round of signing: bounds what one round holds in memory. */
const BATCH = 10_000;

export class BuyerPool {
  private readonly buyers: Buyer[] = [];
  /** The first account not handed out yet. */
  private cursor = 0;
  /** Accounts asked for after the pool ran out (each booked past its limit, so refused). */
  private overdrawn = 0;

  constructor(
    private readonly sql: pg.Pool,
    private readonly sign: (userId: number) => Promise<string>,
  ) {}

  /** Accounts made and not handed out yet. */
  get unused(): number {
    return this.buyers.length - this.cursor;
  }

  /** Accounts made so far. */
  get size(): number {
    return this.buyers.length;
  }

  /**
   * Makes sure `bookings` more bookings find fresh accounts, `BOOKINGS_PER_BUYER` each, plus `slack`
   * accounts for the ones a run leaves part-used (a client's or a stride's last accounts). Makes
   * only what is missing, in batches of one INSERT each.
   */
  async ensure(bookings: number, slack: number): Promise<void> {
    const wanted = Math.ceil(bookings / BOOKINGS_PER_BUYER) + slack;
    while (this.unused < wanted) await this.make(Math.min(BATCH, wanted - this.unused));
  }

  /** The next `count` fresh accounts; past the pool's end, the last account again (and counted). */
  take(count: number): Buyer[] {
    const taken = this.buyers.slice(this.cursor, this.cursor + count);
    this.cursor += taken.length;
    const last = this.buyers.at(-1);
    if (!last) throw new Error('the buyer pool is empty: call ensure() before the load');
    while (taken.length < count) {
      taken.push(last);
      this.overdrawn++;
    }
    return taken;
  }

  /** Throws if a load ran past the pool: its bookings were refused by the account limits, not measured. */
  assertEnough(run: string): void {
    if (this.overdrawn > 0)
      throw new Error(
        `${run}: the buyer pool (${this.buyers.length} accounts) ran out ${this.overdrawn} times; ` +
          `the bookings that reused an account were refused by its limits, so the figures are void`,
      );
  }

  private async make(count: number): Promise<void> {
    const first = this.buyers.length + 1;
    const { rows } = await this.sql.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, name)
       SELECT $1::text || g || '@example.ru', 'not-a-hash', 'Покупатель ' || g
       FROM generate_series($2::int, $3::int) g ORDER BY g RETURNING id`,
      [BUYER_EMAIL_PREFIX, first, first + count - 1],
    );
    const signed = await Promise.all(rows.map(async ({ id }) => ({ id, token: await this.sign(id) })));
    this.buyers.push(...signed);
  }
}

/**
 * One account per request, for clients that share a stream of requests (autocannon's connections,
 * whose per-request context does not last past one request): accounts go out `stride` at a time and
 * each block serves `stride * BOOKINGS_PER_BUYER` requests in turn, so one account's bookings lie
 * `stride` requests apart. With stride = the number of clients, the clients in flight book as
 * different accounts, as when each client had an account of its own.
 */
export function stridedBuyers(pool: BuyerPool, stride: number): () => Buyer {
  let block: Buyer[] = [];
  let n = 0;
  return () => {
    const at = n++ % (stride * BOOKINGS_PER_BUYER);
    if (at === 0) block = pool.take(stride);
    return block[at % stride] as Buyer;
  };
}

/**
 * One account per client at a time, for clients that send one request after another (the paced
 * load): a client books `BOOKINGS_PER_BUYER` times as one buyer, then goes on as the next.
 */
export function buyerPerClient(pool: BuyerPool): (client: number) => Buyer {
  const current = new Map<number, { buyer: Buyer; uses: number }>();
  return (client) => {
    let turn = current.get(client);
    if (!turn || turn.uses === BOOKINGS_PER_BUYER) {
      turn = { buyer: pool.take(1)[0] as Buyer, uses: 0 };
      current.set(client, turn);
    }
    turn.uses++;
    return turn.buyer;
  };
}
