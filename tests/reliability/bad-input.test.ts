import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExcursionPayloadSchema, updateExcursionPayloadSchema } from '../../src/protocol/excursions';
import { createTicketRequestSchema } from '../../src/protocol/tickets';
import { createToursRequestSchema } from '../../src/protocol/tours';
import { updateUserRequestSchema } from '../../src/protocol/users';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/server';
import { endpoints, type Endpoint, type FuzzContext } from './fuzz/endpoints';
import { errorText, send, type RawRequest } from './fuzz/http';
import { fuzzContext } from './fuzz/setup';
import { snapshot, type Snapshot } from './fuzz/snapshot';

// Generated malformed requests to every call of SPEC §7 (and the app's own calls).
// Each answer must be a 4xx carrying the call's error field; never a 5xx; the server stays up and
// nothing stored changes. Requests go over real HTTP to a real server (ONE_ENGINE).

const RUNS = 300;

function describeRequest(req: RawRequest): string {
  const body =
    req.body === undefined
      ? ''
      : typeof req.body === 'string'
        ? req.body
        : Buffer.from(req.body).toString('latin1');
  return `${req.method} ${req.path.slice(0, 300)} ${JSON.stringify(req.headers ?? {}).slice(0, 300)} ${body.slice(0, 400)}`;
}

/** fast-check prints a failing request through this: short, whatever its size. */
function printable(req: RawRequest): RawRequest {
  return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
}

describe.each(ONE_ENGINE)('bad input on %s', (engine) => {
  let server: TestServer;
  let ctx: FuzzContext;
  let before: Snapshot;
  let calls: Endpoint[];
  const statuses = new Map<number, number>();
  let sent = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ctx = await fuzzContext(server);
    calls = endpoints(ctx);
    // The trip reminders that fall due while the requests run are sent first: the reminder job's
    // own writes are not the requests' doing (the fuzzing runs well within the twenty minutes).
    await server.runReminders(new Date(Date.now() + 20 * 60_000));
    before = await snapshot(server);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('starts every mutation from a body the server accepts', () => {
    // Otherwise "one field wrong" would prove nothing about the other fields.
    expect(createTicketRequestSchema.safeParse(ctx.valid.ticket).success).toBe(true);
    expect(updateUserRequestSchema.safeParse(ctx.valid.profile).success).toBe(true);
    expect(createToursRequestSchema.safeParse(ctx.valid.tours).success).toBe(true);
    expect(createExcursionPayloadSchema.safeParse(ctx.valid.excursion).success).toBe(true);
    expect(updateExcursionPayloadSchema.safeParse(ctx.valid.excursion).success).toBe(true);
  });

  it(`refuses ${RUNS} malformed requests to each call with a 4xx and its error field`, async () => {
    expect(calls.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    for (const call of calls) {
      const details = await fc.check(
        fc.asyncProperty(call.requests.map(printable), async (req) => {
          const response = await send(server.url, req);
          sent++;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const text = errorText(response, call.field);
          if (response.status < 400 || response.status >= 500 || text === null) {
            throw new Error(
              `${call.name}: ${response.status} ${response.text.slice(0, 300)}\n  for ${describeRequest(req)}`,
            );
          }
        }),
        { numRuns: RUNS },
      );
      if (details.failed)
        failures.push(`${details.counterexample?.[0] ? String(details.errorInstance) : call.name}`);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(RUNS * calls.length);
    console.info(
      `bad input on ${engine}: ${sent} requests to ${calls.length} calls, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // Over ten thousand requests on a shared machine: no timing budget, only a guard against a hang.
  }, 900_000);

  it('stays up and leaves every table and the media folder as they were', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const after = await snapshot(server);
    expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
    for (const table of Object.keys(before.tables))
      expect(after.tables[table], table).toEqual(before.tables[table]);
    expect(after.mediaFiles).toEqual(before.mediaFiles);
  });
});
