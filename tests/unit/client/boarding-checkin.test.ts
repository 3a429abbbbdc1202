import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import type { ReplicaDb, Replicated } from '../../../src/client/db/schema';
import { enqueue } from '../../../src/client/sync/outbox/enqueue';
import { flushOutbox } from '../../../src/client/sync/outbox/flush';
import { applyChanges } from '../../../src/client/sync/pull/apply';
import type { ManifestEntry } from '../../../src/domain/types';
import { hexId } from '../domain/fixtures';
import { openReplica } from './fixtures';

// The queued 'ticket.checkin' mutation on a replica: the check-in shows at once, the server's time
// wins once it answers, and a refusal (the ticket was cancelled while the guide was offline) takes the
// mark back, keeps the server's reason and lets the server's cancelled row in.

const SELLER = 2;
const TOUR = hexId(700);
const TICKET = hexId(701);
const CODE = `T1.${TICKET}.c2lnbmVkLWJ5LXRoZS1zZXJ2`;

function entry(overrides: Partial<Replicated<ManifestEntry>> = {}): Replicated<ManifestEntry> {
  return {
    _id: TICKET,
    tourID: TOUR,
    excursionID: hexId(1),
    date: '2026-07-14',
    time: '08:30',
    buyer: { name: 'Олег', surname: 'Назаренко', phone: '79781112233', email: 'oleg@example.ru' },
    adults: 1,
    kids: 0,
    seats: [12],
    assemblyPoint: 'Севастополь, пл. Нахимова',
    services: [],
    status: 'confirmed',
    checkCode: CODE,
    _v: 10,
    ...overrides,
  };
}

/** The server's side of POST /api/tickets/{id}/checkin as the contract states it, answering in turn. */
function server(answers: { status: number; body: unknown }[]) {
  const requests: { url: string; body: unknown; key: string | null }[] = [];
  const fetchImpl = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    requests.push({
      url: String(url),
      body: JSON.parse(String(init?.body)),
      key: headers.get('Idempotency-Key'),
    });
    const answer = answers.shift() ?? { status: 500, body: { detail: 'no answer' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { http: createHttpClient('http://server', fetchImpl as typeof fetch), requests };
}

const flush = (db: ReplicaDb, http: ReturnType<typeof server>['http']) =>
  flushOutbox({ db, http, token: 'token', userId: SELLER });

let db: ReplicaDb;
afterEach(() => db?.close());

describe('a queued boarding check-in', () => {
  it('marks the passenger boarded at once and sends the code and time with an idempotency key', async () => {
    db = openReplica();
    await db.manifest.put(entry());
    const at = '2026-07-14T05:20:00.000Z';
    const id = await enqueue(db, 'ticket.checkin', { ticketId: TICKET, code: CODE, at }, SELLER);
    expect((await db.manifest.get(TICKET))?.checkedInAt).toBe(at);

    // Another guide checked the same ticket a minute earlier: the server keeps the first time.
    const { http, requests } = server([
      { status: 200, body: { ticket_id: TICKET, checkedInAt: '2026-07-14T05:19:00.000Z' } },
    ]);
    expect(await flush(db, http)).toEqual({ state: 'idle' });
    expect(requests).toEqual([
      { url: `http://server/api/tickets/${TICKET}/checkin`, body: { code: CODE, at }, key: id },
    ]);
    const row = await db.manifest.get(TICKET);
    expect(row?.checkedInAt).toBe('2026-07-14T05:19:00.000Z');
    expect(row?._pending).toBeUndefined();
  });

  it('keeps the earlier of two local check-ins of one ticket', async () => {
    db = openReplica();
    await db.manifest.put(entry());
    await enqueue(db, 'ticket.checkin', { ticketId: TICKET, code: CODE, at: '2026-07-14T05:30:00Z' }, SELLER);
    await enqueue(db, 'ticket.checkin', { ticketId: TICKET, code: CODE, at: '2026-07-14T05:25:00Z' }, SELLER);
    expect((await db.manifest.get(TICKET))?.checkedInAt).toBe('2026-07-14T05:25:00Z');
  });

  it('reports a ticket cancelled meanwhile as a refusal, takes the mark back and shows the cancellation', async () => {
    db = openReplica();
    await db.manifest.put(entry());
    const at = '2026-07-14T05:20:00.000Z';
    const id = await enqueue(db, 'ticket.checkin', { ticketId: TICKET, code: CODE, at }, SELLER);

    // While the check-in waits, a pull brings the ticket cancelled; it is held behind the local mark.
    await applyChanges(
      db,
      [
        {
          collection: 'manifest',
          op: 'put',
          version: 11,
          row: entry({ status: 'cancelled', _v: undefined }),
        },
      ],
      undefined,
      async () => undefined,
    );
    expect((await db.manifest.get(TICKET))?.status).toBe('confirmed');

    const reason = 'Билет отменён: посадка не записана';
    const { http } = server([{ status: 409, body: { detail: reason } }]);
    expect(await flush(db, http)).toEqual({ state: 'idle' });

    const row = await db.manifest.get(TICKET);
    expect(row?.checkedInAt).toBeUndefined();
    expect(row?._pending).toBeUndefined();
    expect(row?.status).toBe('cancelled');
    expect(row?._v).toBe(11);
    const rejection = await db.rejections.get(id);
    expect(rejection).toMatchObject({ kind: 'ticket.checkin', reason, seen: 0 });
    expect(rejection?.payload).toMatchObject({ ticketId: TICKET });
  });

  it('puts back the earlier check-in time when a later one is refused', async () => {
    db = openReplica();
    const earlier = '2026-07-14T05:00:00.000Z';
    await db.manifest.put(entry({ checkedInAt: earlier }));
    await enqueue(db, 'ticket.checkin', { ticketId: TICKET, code: CODE, at: '2026-07-14T04:00:00Z' }, SELLER);
    const { http } = server([{ status: 409, body: { detail: 'Билет не оплачен' } }]);
    await flush(db, http);
    const row = await db.manifest.get(TICKET);
    expect(row?.checkedInAt).toBe(earlier);
    expect(row?._pending).toBeUndefined();
  });

  it('stays queued with its mark while the network is down', async () => {
    db = openReplica();
    await db.manifest.put(entry());
    const fetchImpl = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    const http = createHttpClient('http://server', fetchImpl as typeof fetch);
    expect((await flush(db, http)).state).toBe('idle');
    await enqueue(db, 'ticket.checkin', { ticketId: TICKET, code: CODE, at: '2026-07-14T05:20:00Z' }, SELLER);
    expect(await flush(db, http)).toEqual({ state: 'offline' });
    expect(await db.outbox.count()).toBe(1);
    expect((await db.manifest.get(TICKET))?.checkedInAt).toBe('2026-07-14T05:20:00Z');
  });
});
