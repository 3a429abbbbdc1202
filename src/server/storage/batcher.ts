// Calls of one hot statement that arrive together, sent as one statement. Under
// load most of what PostgreSQL and this process spend on a short statement is the statement around
// the work, not the work: the round trip, the executor's set-up, the commit and its wait for the
// disk. A batcher lets at most `inFlight` statements of its kind be out at once; calls that arrive
// meanwhile wait, and go together (up to `size`) when one is answered. A lone call, the usual case
// when few people are at it, goes at once as the single statement.

export interface BatchSpec<A, R> {
  /** Runs one call on its own. */
  one(args: A): Promise<R>;
  /**
   * Runs several calls in one statement; answers in the order of `calls`, an Error for a call that
   * failed alone. Rejects when the whole statement failed (every call then fails with it).
   */
  many(calls: A[]): Promise<(R | Error)[]>;
  /** The most calls in one statement. */
  size: number;
  /** Statements of this kind out at once. */
  inFlight: number;
}

interface Waiting<A, R> {
  args: A;
  resolve(answer: R): void;
  reject(error: unknown): void;
}

/** A function that runs one call, batched with the calls waiting beside it. */
export function createBatcher<A, R>(spec: BatchSpec<A, R>): (args: A) => Promise<R> {
  const waiting: Waiting<A, R>[] = [];
  let inFlight = 0;
  let scheduled = false;

  // Sends once every call of this turn of the event loop is in: calls that come in one turn (the
  // answers of one read from several sockets) go together even when a statement could go now.
  const schedule = () => {
    if (scheduled || inFlight >= spec.inFlight || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      while (inFlight < spec.inFlight && waiting.length > 0) {
        inFlight++;
        void send(waiting.splice(0, spec.size)).finally(() => {
          inFlight--;
          schedule();
        });
      }
    });
  };

  const send = async (calls: Waiting<A, R>[]) => {
    if (calls.length === 1) {
      const [call] = calls as [Waiting<A, R>];
      await spec.one(call.args).then(call.resolve, call.reject);
      return;
    }
    let answers: (R | Error)[];
    try {
      answers = await spec.many(calls.map((call) => call.args));
    } catch (error) {
      for (const call of calls) call.reject(error);
      return;
    }
    calls.forEach((call, i) => {
      const answer = answers[i];
      if (answer instanceof Error) call.reject(answer);
      else if (i < answers.length) call.resolve(answer as R);
      else call.reject(new Error('a batched statement gave fewer answers than it was sent calls'));
    });
  };

  return (args) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ args, resolve, reject });
      schedule();
    });
}

/** An error a statement raised for one call of a batch, with its SQLSTATE as a driver's error has it. */
export class BatchedStatementError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
